CREATE TABLE `published_fonts` (
	`chart_id` text NOT NULL,
	`version` integer NOT NULL,
	`font_id` text NOT NULL,
	PRIMARY KEY(`chart_id`, `version`, `font_id`),
	FOREIGN KEY (`chart_id`) REFERENCES `charts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `published_fonts_font_idx` ON `published_fonts` (`font_id`);