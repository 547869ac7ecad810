-- Full-text index of the statistics library, for GET /v1/statistics?search=.
-- Columns are weighted at query time (bm25): title, series name, source title.
-- Kept in step with library_statistics by the library import, which rewrites both together.
CREATE VIRTUAL TABLE `library_statistics_fts` USING fts5(
	`statistic_id` UNINDEXED,
	`title`,
	`series_name`,
	`source_title`,
	tokenize = 'unicode61 remove_diacritics 2'
);
