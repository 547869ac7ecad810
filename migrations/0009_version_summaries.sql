-- Issue 30 item 4: what each version changed, in words. Added columns only: versions written
-- before this migration keep every byte and read `summary` as NULL, which the API answers with
-- the action in words ("Edited settings", "Published").
-- `summary`: the sentence the history shows. `changes`: JSON list of { field, label, from?, to? },
-- so consecutive autosaves of the same field can be listed as one entry. `data_shape`: JSON
-- { rows, columns } of the dataset a version set, so the next data change can say "12 → 14 rows"
-- without reading the dataset back.
ALTER TABLE `chart_versions` ADD `summary` text;--> statement-breakpoint
ALTER TABLE `chart_versions` ADD `changes` text;--> statement-breakpoint
ALTER TABLE `chart_versions` ADD `data_shape` text;
