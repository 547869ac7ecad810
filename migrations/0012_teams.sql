CREATE TABLE `activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` text NOT NULL,
	`at` integer NOT NULL,
	`actor_account_id` text,
	`actor_email` text,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`target_name` text
);
--> statement-breakpoint
CREATE INDEX `activity_workspace_idx` ON `activity` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `activity_at_idx` ON `activity` (`at`);--> statement-breakpoint
CREATE INDEX `activity_target_idx` ON `activity` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text NOT NULL,
	`email_normalized` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`revoked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invited_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_idx` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_workspace_idx` ON `invitations` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`links` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_sent_idx` ON `mail_outbox` (`sent_at`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `password_resets_account_idx` ON `password_resets` (`account_id`);--> statement-breakpoint
CREATE INDEX `password_resets_expires_idx` ON `password_resets` (`expires_at`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `role` text DEFAULT 'editor' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `joined_at` integer;--> statement-breakpoint
-- Existing accounts are editors (what a teammate could do before roles), except the earliest
-- account of each workspace, which owns it. Ties on created_at go to the smallest id.
UPDATE `accounts` SET `role` = 'owner' WHERE `id` IN (
	SELECT `id` FROM `accounts` AS `a` WHERE NOT EXISTS (
		SELECT 1 FROM `accounts` AS `b` WHERE `b`.`workspace_id` = `a`.`workspace_id`
			AND (`b`.`created_at` < `a`.`created_at` OR (`b`.`created_at` = `a`.`created_at` AND `b`.`id` < `a`.`id`))
	)
);--> statement-breakpoint
UPDATE `accounts` SET `joined_at` = `created_at`;
