ALTER TABLE `chart_versions` ADD `data_blob_key` text;--> statement-breakpoint
CREATE INDEX `chart_versions_blob_idx` ON `chart_versions` (`data_blob_key`);--> statement-breakpoint
CREATE INDEX `charts_blob_idx` ON `charts` (`data_blob_key`);--> statement-breakpoint
-- Backfill from the snapshots. SQLite's JSON functions refuse snapshots nested past 1000 levels
-- (charts stored before the meta limits), so those are read as text: the key is a plain string.
UPDATE `chart_versions` SET `data_blob_key` = CASE
	WHEN json_valid(`snapshot`) THEN json_extract(`snapshot`, '$.dataBlobKey')
	WHEN instr(`snapshot`, '"dataBlobKey":"') > 0 THEN substr(
		substr(`snapshot`, instr(`snapshot`, '"dataBlobKey":"') + 15),
		1,
		instr(substr(`snapshot`, instr(`snapshot`, '"dataBlobKey":"') + 15), '"') - 1
	)
END;
