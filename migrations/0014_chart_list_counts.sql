-- What the chart list's first page needs, kept small so it costs the same at 200 charts as at
-- 50,000 (docs/api.md, GET /v1/charts): how many charts each folder of a workspace holds directly
-- (`folder_key` '' for charts in no folder), and a counter that every write to a chart's listed
-- fields raises, from which the list's ETag is made. Triggers keep both in step with `charts`, so
-- no write path has to remember them. The stamp's trigger fires only on the columns the list
-- shows: a write to anything else (a linked chart's claim, say) leaves the list's ETag as it was,
-- and the statements that count their own changes are not changed by it.
CREATE TABLE `chart_list_counts` (
	`workspace_id` text NOT NULL,
	`folder_key` text NOT NULL,
	`charts` integer NOT NULL,
	PRIMARY KEY (`workspace_id`, `folder_key`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `chart_list_stamps` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`changes` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `chart_list_counts` (workspace_id, folder_key, charts)
	SELECT workspace_id, coalesce(folder_id, ''), count(*) FROM charts GROUP BY workspace_id, coalesce(folder_id, '');
--> statement-breakpoint
INSERT INTO `chart_list_stamps` (workspace_id, changes) SELECT DISTINCT workspace_id, 1 FROM charts;
--> statement-breakpoint
CREATE TRIGGER `chart_list_insert` AFTER INSERT ON `charts` BEGIN
	INSERT INTO chart_list_counts (workspace_id, folder_key, charts) VALUES (new.workspace_id, coalesce(new.folder_id, ''), 1)
		ON CONFLICT (workspace_id, folder_key) DO UPDATE SET charts = charts + 1;
	INSERT INTO chart_list_stamps (workspace_id, changes) VALUES (new.workspace_id, 1)
		ON CONFLICT (workspace_id) DO UPDATE SET changes = changes + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `chart_list_delete` AFTER DELETE ON `charts` BEGIN
	UPDATE chart_list_counts SET charts = charts - 1 WHERE workspace_id = old.workspace_id AND folder_key = coalesce(old.folder_id, '');
	DELETE FROM chart_list_counts WHERE workspace_id = old.workspace_id AND folder_key = coalesce(old.folder_id, '') AND charts <= 0;
	INSERT INTO chart_list_stamps (workspace_id, changes) VALUES (old.workspace_id, 1)
		ON CONFLICT (workspace_id) DO UPDATE SET changes = changes + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `chart_list_refile` AFTER UPDATE OF folder_id, workspace_id ON `charts`
	WHEN old.folder_id IS NOT new.folder_id OR old.workspace_id IS NOT new.workspace_id BEGIN
	UPDATE chart_list_counts SET charts = charts - 1 WHERE workspace_id = old.workspace_id AND folder_key = coalesce(old.folder_id, '');
	DELETE FROM chart_list_counts WHERE workspace_id = old.workspace_id AND folder_key = coalesce(old.folder_id, '') AND charts <= 0;
	INSERT INTO chart_list_counts (workspace_id, folder_key, charts) VALUES (new.workspace_id, coalesce(new.folder_id, ''), 1)
		ON CONFLICT (workspace_id, folder_key) DO UPDATE SET charts = charts + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `chart_list_restamp` AFTER UPDATE OF name, kind, updated_at, folder_id, published_version, workspace_id ON `charts` BEGIN
	INSERT INTO chart_list_stamps (workspace_id, changes) VALUES (new.workspace_id, 1)
		ON CONFLICT (workspace_id) DO UPDATE SET changes = changes + 1;
END;
