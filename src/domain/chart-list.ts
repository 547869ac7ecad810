/**
 * Narrowing and ordering the workspace's chart list (`GET /v1/charts?search=&folderId=&sort=`).
 * The list is unpaginated (spec §4.1), so every row is read anyway and filtering here, in
 * JavaScript, matches names case-insensitively in every script, which SQLite's `LIKE` does not.
 */
import { z } from "zod";

/** The chart list's query: all optional; without any, the list is what the spec describes. */
export const ChartListQuery = z.object({
	search: z
		.string()
		.trim()
		.max(300, "at most 300 characters")
		.optional()
		.meta({ description: "Only charts whose name contains this, ignoring case" }),
	folderId: z
		.string()
		.min(1)
		.max(100)
		.optional()
		.meta({ description: 'Only charts filed directly in this folder; "root" for charts in no folder' }),
	sort: z
		.enum(["updated", "name"], { error: 'must be "updated" or "name"' })
		.optional()
		.meta({ description: "updated (newest first, the default) or name (A to Z)" }),
});
export type ChartListQuery = z.infer<typeof ChartListQuery>;

/** `folderId=root` asks for the charts filed in no folder. */
export const rootFolder = "root";

interface ListedChart {
	name: string;
	folderId: string | null;
	updatedAt: number;
}

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The rows the query asks for, in its order; `rows` come newest first. */
export function selectCharts<T extends ListedChart>(rows: readonly T[], query: ChartListQuery): T[] {
	const needle = query.search?.toLocaleLowerCase();
	const folder = query.folderId === rootFolder ? null : query.folderId;
	const selected = rows.filter(
		(row) =>
			(needle === undefined || needle === "" || row.name.toLocaleLowerCase().includes(needle)) &&
			(query.folderId === undefined || row.folderId === folder),
	);
	// Array.prototype.sort is stable, so equal names keep the newest-first order.
	return query.sort === "name" ? selected.sort((a, b) => byName.compare(a.name, b.name)) : selected;
}
