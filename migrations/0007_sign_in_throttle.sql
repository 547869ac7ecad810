CREATE TABLE `sign_in_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_bucket_at_idx` ON `sign_in_attempts` (`bucket`,`at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_at_idx` ON `sign_in_attempts` (`at`);--> statement-breakpoint
CREATE TABLE `sign_in_devices` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`email_normalized` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sign_in_devices_account_idx` ON `sign_in_devices` (`account_id`,`last_used_at`);--> statement-breakpoint
CREATE INDEX `sign_in_devices_last_used_idx` ON `sign_in_devices` (`last_used_at`);--> statement-breakpoint
INSERT INTO `sign_in_attempts` (`bucket`, `at`) SELECT 'email:' || `email_normalized`, `at` FROM `sign_in_failures`;--> statement-breakpoint
DROP TABLE `sign_in_failures`;