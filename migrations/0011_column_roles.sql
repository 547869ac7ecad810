-- The column roles a chart draws its table with: `meta.columns` as given, or the roles chosen from
-- the table's columns (JSON, role → column name or names). NULL: no own data, or written before
-- roles, which draws the table in its kind's layout as before.
ALTER TABLE `charts` ADD `column_roles` text;
