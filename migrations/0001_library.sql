CREATE TABLE `library_dimension_values` (
	`source_id` text NOT NULL,
	`dimension_id` text NOT NULL,
	`id` text NOT NULL,
	`label` text NOT NULL,
	PRIMARY KEY(`source_id`, `dimension_id`, `id`)
);
--> statement-breakpoint
CREATE TABLE `library_dimensions` (
	`source_id` text NOT NULL,
	`id` text NOT NULL,
	`title` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`source_id`, `id`)
);
--> statement-breakpoint
CREATE TABLE `library_observations` (
	`statistic_id` text NOT NULL,
	`period` text NOT NULL,
	`value` real,
	PRIMARY KEY(`statistic_id`, `period`)
);
--> statement-breakpoint
CREATE TABLE `library_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`attribution` text NOT NULL,
	`content_hash` text NOT NULL,
	`imported_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `library_statistic_dimensions` (
	`statistic_id` text NOT NULL,
	`source_id` text NOT NULL,
	`dimension_id` text NOT NULL,
	`value_id` text NOT NULL,
	PRIMARY KEY(`statistic_id`, `dimension_id`)
);
--> statement-breakpoint
CREATE INDEX `library_statistic_dimensions_lookup_idx` ON `library_statistic_dimensions` (`source_id`,`dimension_id`,`value_id`);--> statement-breakpoint
CREATE TABLE `library_statistics` (
	`id` text PRIMARY KEY NOT NULL,
	`source_id` text NOT NULL,
	`title` text NOT NULL,
	`series_name` text NOT NULL,
	`unit` text NOT NULL,
	`frequency` text NOT NULL,
	`dimensions` text NOT NULL,
	`first_period` text,
	`last_period` text
);
--> statement-breakpoint
CREATE INDEX `library_statistics_source_idx` ON `library_statistics` (`source_id`);