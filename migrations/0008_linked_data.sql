CREATE TABLE `library_refresh_marks` (
	`source_id` text PRIMARY KEY NOT NULL,
	`content_hash` text NOT NULL,
	`refreshed_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `charts` ADD `published_key` text;--> statement-breakpoint
ALTER TABLE `charts` ADD `published_key_version` integer;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_url` text;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_refresh_minutes` integer;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_etag` text;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_last_modified` text;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_content_hash` text;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_last_fetched_at` integer;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_last_changed_at` integer;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_last_status` text;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_last_error` text;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `charts` ADD `linked_next_due_at` integer;--> statement-breakpoint
CREATE INDEX `charts_linked_due_idx` ON `charts` (`linked_next_due_at`);--> statement-breakpoint
-- Libraries imported before this migration count as followed: only later re-imports redraw charts.
INSERT INTO `library_refresh_marks` (`source_id`, `content_hash`, `refreshed_at`) SELECT `id`, `content_hash`, `imported_at` FROM `library_sources`;
