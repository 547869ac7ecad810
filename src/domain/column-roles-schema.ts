/**
 * `meta.columns` as the API validates it (zod): apart from column-roles.ts, which the console's
 * preview loads, so reading a table there carries no schema library.
 */
import { z } from "zod";
import { maxColumnNameLength, maxCsvColumns } from "./csv-cells";

const columnName = z.string().min(1).max(maxColumnNameLength);

export const ColumnRoles = z
	.record(z.string().max(40), z.union([columnName, z.array(columnName).min(1).max(maxCsvColumns)]))
	.describe(
		'Which column plays which role, by its name in the data (a list for the roles that take several), e.g. {"x":"year","y":"lifeExp","series":"country"}. Absent: chosen from the columns\' types; `columns` on the chart shows the roles in use.',
	)
	.meta({ examples: [{ x: "year", y: ["Germany", "France"] }], "x-editor-hidden": true });

/**
 * Roles as the service stored them: read back without the limits a client's roles are held to,
 * so a chart stored before a limit existed (a column name over 300 characters) is still read.
 */
export const StoredColumnRoles = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
