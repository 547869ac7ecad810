/**
 * `meta.columns` as the API validates it (zod): apart from column-roles.ts, which the console's
 * preview loads, so reading a table there carries no schema library.
 */
import { z } from "zod";

export const ColumnRoles = z
	.record(z.string().max(40), z.union([z.string().min(1).max(300), z.array(z.string().min(1).max(300)).min(1).max(500)]))
	.describe(
		'Which column plays which role, by its name in the data (a list for the roles that take several), e.g. {"x":"year","y":"lifeExp","series":"country"}. Absent: chosen from the columns\' types; `columns` on the chart shows the roles in use.',
	)
	.meta({ examples: [{ x: "year", y: ["Germany", "France"] }], "x-editor-hidden": true });
