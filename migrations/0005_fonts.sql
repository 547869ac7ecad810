CREATE TABLE `fonts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`account_id` text NOT NULL,
	`family` text NOT NULL,
	`style` text NOT NULL,
	`weight` integer NOT NULL,
	`scripts` text NOT NULL,
	`format` text NOT NULL,
	`byte_size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fonts_workspace_idx` ON `fonts` (`workspace_id`,`family`);