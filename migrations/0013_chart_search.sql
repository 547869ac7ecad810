-- Full-text index of chart names and notes, for GET /v1/charts?search= (docs/api.md, GET /v1/charts).
-- Trigrams match any part of a word, as the list's search always has, ignoring case in every
-- script; needles shorter than three characters are matched without it (src/db/chart-search.ts).
-- Its rowid is the chart's rowid. Triggers keep it in step with every write to `charts`, so no
-- write path has to remember it. `notes` is read only from valid JSON: a meta stored before the
-- meta limits may be nested past what SQLite's JSON functions read, and must not fail its write.
CREATE VIRTUAL TABLE `charts_search` USING fts5(
	`name`,
	`notes`,
	tokenize = 'trigram'
);
--> statement-breakpoint
INSERT INTO `charts_search` (rowid, name, notes)
	SELECT rowid, name, CASE WHEN json_valid(meta) THEN coalesce(json_extract(meta, '$.notes'), '') ELSE '' END FROM charts;
--> statement-breakpoint
CREATE TRIGGER `charts_search_insert` AFTER INSERT ON `charts` BEGIN
	INSERT INTO charts_search (rowid, name, notes)
	VALUES (new.rowid, new.name, CASE WHEN json_valid(new.meta) THEN coalesce(json_extract(new.meta, '$.notes'), '') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `charts_search_update` AFTER UPDATE OF name, meta ON `charts` BEGIN
	DELETE FROM charts_search WHERE rowid = old.rowid;
	INSERT INTO charts_search (rowid, name, notes)
	VALUES (new.rowid, new.name, CASE WHEN json_valid(new.meta) THEN coalesce(json_extract(new.meta, '$.notes'), '') ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `charts_search_delete` AFTER DELETE ON `charts` BEGIN
	DELETE FROM charts_search WHERE rowid = old.rowid;
END;
