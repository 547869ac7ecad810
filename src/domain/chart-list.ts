/**
 * The chart list's query (`GET /v1/charts?search=&folderId=&sort=&limit=&cursor=`), its order
 * and its cursors. Without `limit` the list is whole, as the contract has it; with `limit` it is
 * one page, and `nextCursor` names where the next one starts (docs/api.md, GET /v1/charts).
 *
 * A cursor is the position of the last chart of a page, not an offset, so a chart added or
 * removed while a client pages on neither repeats a chart nor skips one.
 */
import { z } from "zod";
import { fromBase64Url, toBase64Url } from "./bytes";

/** The largest page a client may ask for. */
export const maxPageSize = 1000;

/** The chart list's query: all optional; without any, the list is what the spec describes. */
export const ChartListQuery = z.object({
	search: z
		.string()
		.trim()
		.max(300, "at most 300 characters")
		.optional()
		.meta({ description: "Only charts whose name or notes contain this, ignoring case" }),
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
	limit: z.coerce
		.number({ error: `must be a whole number from 1 to ${maxPageSize}` })
		.int(`must be a whole number from 1 to ${maxPageSize}`)
		.min(1, `must be a whole number from 1 to ${maxPageSize}`)
		.max(maxPageSize, `must be a whole number from 1 to ${maxPageSize}`)
		.optional()
		.meta({
			description: `Answer one page of at most this many charts (1–${maxPageSize}), with \`nextCursor\`, \`total\` and \`folderCounts\`; without it the list is whole`,
		}),
	cursor: z
		.string()
		.min(1)
		.max(2000, "must be a nextCursor from an earlier page")
		.optional()
		.meta({ description: "The `nextCursor` of the page before, with the same search, folderId and sort; needs `limit`" }),
});
export type ChartListQuery = z.infer<typeof ChartListQuery>;

/** `folderId=root` asks for the charts filed in no folder. */
export const rootFolder = "root";

export type ChartSort = "updated" | "name";

/** What narrows the list: undefined folder means every folder, null the charts in none. */
export interface ChartFilter {
	folder: string | null | undefined;
	/** Trimmed and not empty, or undefined. */
	search: string | undefined;
}

export function filterOf(query: ChartListQuery): ChartFilter {
	const folder = query.folderId === undefined ? undefined : query.folderId === rootFolder ? null : query.folderId;
	return { folder, search: query.search ? query.search : undefined };
}

/** Where a chart stands in the list's order: its rowid breaks ties between equal times and names. */
export interface ListPosition {
	name: string;
	updatedAt: number;
	rowid: number;
}

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The list's order. `updated`: newest first, then the later inserted. `name`: A to Z as people
 * read it (any case, accents as their base letter, "chart 9" before "chart 10"), equal names
 * newest first. SQLite cannot sort names that way, so the name order is taken here.
 */
export function compareListed(sort: ChartSort, a: ListPosition, b: ListPosition): number {
	if (sort === "name") {
		const names = byName.compare(a.name, b.name);
		if (names !== 0) return names;
	}
	return b.updatedAt - a.updatedAt || b.rowid - a.rowid;
}

const Cursor = z.object({
	s: z.enum(["updated", "name"]),
	n: z.string(),
	u: z.number().int(),
	r: z.number().int(),
});

export function encodeCursor(sort: ChartSort, at: ListPosition): string {
	const body = sort === "name" ? { s: sort, n: at.name, u: at.updatedAt, r: at.rowid } : { s: sort, n: "", u: at.updatedAt, r: at.rowid };
	return toBase64Url(new TextEncoder().encode(JSON.stringify(body)));
}

/** The position a cursor names, or a sentence saying why it names none (for a 422). */
export function decodeCursor(text: string, sort: ChartSort): ListPosition | string {
	let parsed: unknown;
	try {
		parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(fromBase64Url(text)));
	} catch {
		return "cursor must be the nextCursor of an earlier page, unchanged";
	}
	const cursor = Cursor.safeParse(parsed);
	if (!cursor.success) return "cursor must be the nextCursor of an earlier page, unchanged";
	if (cursor.data.s !== sort)
		return `cursor belongs to a list sorted by ${cursor.data.s}: ask with sort=${cursor.data.s}, or start again without cursor`;
	return { name: cursor.data.n, updatedAt: cursor.data.u, rowid: cursor.data.r };
}
