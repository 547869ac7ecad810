/**
 * What a version changed, in words: computed once, when the version is
 * written, from the snapshot before and the snapshot after ("Title: 'A' → 'B'", "Kind: line →
 * bar", "Data: 12 → 14 rows", "Restored version 3"). Each change keeps its field and its two
 * ends, so consecutive autosaves of the same field can be shown as one entry whose summary runs
 * from the first one's "before" to the last one's "after" (`coalesceVersions`).
 */
import type { CellEdits } from "./cell-edits";
import type { ChartSnapshot } from "./chart";

/** The actions a version records (src/db/charts.ts `ChartAction`), as plain strings: old rows may hold any. */
export type VersionAction = string;

/** A dataset's size and column names, recorded with the versions that set the data. */
export interface DataShape {
	rows: number;
	columns: string[];
}

/** One thing a version changed. `from`/`to` are already in words (quoted text, a theme's name); null is "none". */
export interface VersionChange {
	field: string;
	label: string;
	from?: string | null;
	to?: string | null;
}

export interface VersionNote {
	summary: string;
	changes: VersionChange[];
}

export interface DescribeContext {
	action: VersionAction;
	authorAccountId: string;
	/** For `restore`: the version brought back. */
	restoredVersion?: number;
	/** A theme id's name ("Classic (Okabe–Ito)"); the id itself when unknown. */
	themeName(id: string): string;
	previousShape: DataShape | null;
	nextShape: DataShape | null;
	/** The cells a data write changed, when it kept the table's shape and both tables could be compared. */
	cellEdits?: CellEdits | null;
}

/** The most changes a summary spells out; the rest are counted. */
const shownChanges = 3;
const quotedLength = 60;
/** Autosaves of the same fields by the same person this close to the entry's first one are one entry. */
export const coalesceWindowMs = 60_000;

/** Authors that are not people: the scheduled redraws of linked data and library statistics. */
const systemAuthors: Record<string, string> = {
	"system:linked-data": "Linked data refreshed",
	"system:library": "Library statistics refreshed",
};

const actionWords: Record<string, string> = {
	create: "Created",
	update: "Edited settings",
	move: "Moved to another folder",
	data: "Replaced the data",
	publish: "Published",
	unpublish: "Unpublished",
	restore: "Restored an earlier version",
	refresh: "Data refreshed",
};

/** The summary of a version recorded before summaries existed (or when one could not be made): the action in words. */
export function fallbackSummary(action: VersionAction, authorAccountId: string): string {
	if (action === "refresh") return systemAuthors[authorAccountId] ?? actionWords.refresh ?? "Data refreshed";
	return actionWords[action] ?? action.charAt(0).toUpperCase() + action.slice(1);
}

/** Meta fields with a name of their own in a summary; any other field is named by its key. */
const metaLabels: Record<string, string> = {
	title: "Title",
	subtitle: "Subtitle",
	sourceText: "Source",
	sourceUrl: "Source link",
	theme: "Theme",
	mode: "Colour scheme",
	w: "Width",
	h: "Height",
	stack: "Stacking",
	area: "Area",
	orientation: "Orientation",
	sort: "Sort",
	donut: "Donut",
	halfPie: "Half pie",
	connected: "Connected",
	basemap: "Map",
	description: "Alt text",
	notes: "Notes",
	byline: "Byline",
	locale: "Locale",
	numberFormat: "Number format",
	axes: "Axes",
	seriesStyle: "Series styles",
	seriesTransform: "Series transforms",
	highlight: "Highlight",
	labels: "Labels",
	legend: "Legend",
	annotations: "Annotations",
	colorScale: "Colour scale",
	race: "Race",
	table: "Table settings",
	embed: "Embed options",
};
const quotedFields = new Set(["title", "subtitle", "sourceText", "description", "notes", "byline"]);

function quote(text: string): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return `'${flat.length > quotedLength ? `${flat.slice(0, quotedLength - 1)}…` : flat}'`;
}

function same(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

function scalarWords(value: unknown): string | null {
	if (value === undefined || value === null) return null;
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	return null;
}

function plural(count: number, one: string, many = `${one}s`): string {
	return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Series left out of or brought back into the chart (`seriesTransform[name].hidden`). */
function hiddenSeriesChanges(before: unknown, after: unknown): VersionChange[] {
	const hidden = (value: unknown) =>
		new Set(
			isRecord(value)
				? Object.entries(value)
						.filter(([, settings]) => isRecord(settings) && settings.hidden === true)
						.map(([name]) => name)
				: [],
		);
	const was = hidden(before);
	const is = hidden(after);
	const changes: VersionChange[] = [];
	for (const name of is)
		if (!was.has(name)) changes.push({ field: `seriesTransform.${name}.hidden`, label: `Left ${quote(name)} out of the chart` });
	for (const name of was) if (!is.has(name)) changes.push({ field: `seriesTransform.${name}.hidden`, label: `Drew ${quote(name)} again` });
	return changes;
}

/** A series' style settings in words, and how each reads (`meta.seriesStyle[name]`). */
const seriesStyleWords: Record<string, { name: string; words(value: unknown): string | null }> = {
	color: { name: "colour", words: (value) => scalarWords(value) },
	label: { name: "name", words: (value) => (typeof value === "string" ? quote(value) : null) },
	line: { name: "line", words: (value) => scalarWords(value) },
	width: { name: "line width", words: (value) => (typeof value === "number" ? `${value} px` : null) },
	symbols: { name: "dots", words: (value) => (typeof value === "boolean" ? (value ? "on" : "off") : null) },
};
const seriesStylePrefix = "meta.seriesStyle.";

/** Each series' changed style setting ("North: colour #0072b2 → #ffe680"); a setting these words do not know, by its key. */
function seriesStyleChanges(before: Record<string, unknown>, after: Record<string, unknown>): VersionChange[] {
	const changes: VersionChange[] = [];
	for (const series of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
		const was = isRecord(before[series]) ? before[series] : {};
		const is = isRecord(after[series]) ? after[series] : {};
		const name = series.length > quotedLength ? `${series.slice(0, quotedLength - 1)}…` : series;
		for (const setting of [...new Set([...Object.keys(was), ...Object.keys(is)])]) {
			if (same(was[setting], is[setting])) continue;
			const known = seriesStyleWords[setting];
			const words = known ? known.words : scalarWords;
			changes.push({
				field: `${seriesStylePrefix}${series}.${setting}`,
				label: `${name}: ${known?.name ?? setting}`,
				from: words(was[setting]),
				to: words(is[setting]),
			});
		}
	}
	return changes;
}

function metaChanges(before: Record<string, unknown>, after: Record<string, unknown>, context: DescribeContext): VersionChange[] {
	const changes: VersionChange[] = [];
	const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
	for (const key of keys) {
		const from = before[key];
		const to = after[key];
		if (same(from, to)) continue;
		const field = `meta.${key}`;
		const label = metaLabels[key] ?? key;
		if (key === "theme") {
			const name = (value: unknown) => (typeof value === "string" ? context.themeName(value) : "the workspace default");
			changes.push({ field, label, from: name(from), to: name(to) });
		} else if (key === "seriesStyle" && (isRecord(from) || from === undefined) && (isRecord(to) || to === undefined)) {
			const styled = seriesStyleChanges(isRecord(from) ? from : {}, isRecord(to) ? to : {});
			changes.push(...(styled.length > 0 ? styled : [{ field, label: `${label} changed` }]));
		} else if (key === "seriesTransform") {
			const hiding = hiddenSeriesChanges(from, to);
			const withoutHidden = (value: unknown) =>
				isRecord(value)
					? Object.fromEntries(
							Object.entries(value)
								.map(([name, settings]) => [name, isRecord(settings) ? { ...settings, hidden: undefined } : settings])
								.filter(([, settings]) => !isRecord(settings) || Object.values(settings).some((part) => part !== undefined)),
						)
					: {};
			changes.push(...hiding);
			if (!same(withoutHidden(from), withoutHidden(to))) changes.push({ field, label: `${label} changed` });
		} else if (key === "annotations" && (Array.isArray(from) || Array.isArray(to))) {
			const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
			changes.push(
				count(from) === count(to)
					? { field, label: "Annotations edited" }
					: { field, label: "Annotations", from: String(count(from)), to: String(count(to)) },
			);
		} else if (scalarWords(from) !== null || scalarWords(to) !== null) {
			const words = (value: unknown) => {
				const text = scalarWords(value);
				return text === null ? null : quotedFields.has(key) ? quote(text) : text;
			};
			if ((from === undefined || scalarWords(from) !== null) && (to === undefined || scalarWords(to) !== null))
				changes.push({ field, label, from: words(from), to: words(to) });
			else changes.push({ field, label: `${label} changed` });
		} else {
			changes.push({ field, label: `${label} changed` });
		}
	}
	return changes;
}

/** "'Labour', '2026': 38 → 31", or how many cells in which columns when there are more than a few. */
function cellEditWords(edits: CellEdits): string {
	if (edits.count <= edits.examples.length) {
		const value = (text: string) => (text === "" ? "empty" : text.length > quotedLength ? quote(text) : text);
		return edits.examples.map((edit) => `${quote(edit.row)}, ${quote(edit.column)}: ${value(edit.from)} → ${value(edit.to)}`).join("; ");
	}
	const where = edits.columns.length <= 3 ? edits.columns.map(quote).join(", ") : plural(edits.columns.length, "column");
	return `${plural(edits.count, "cell")} edited in ${where}`;
}

function dataChange(previous: DataShape | null, next: DataShape | null, hadData: boolean, edits?: CellEdits | null): VersionChange {
	const field = "data";
	if (!next) return { field, label: hadData ? "Data replaced" : "Data added" };
	const size = `${plural(next.rows, "row")} × ${plural(next.columns.length, "column")}`;
	if (!previous) return { field, label: hadData ? `Data replaced (now ${size})` : `Data added (${size})` };
	const parts: string[] = [];
	if (previous.rows !== next.rows) parts.push(`${previous.rows.toLocaleString("en-US")} → ${plural(next.rows, "row")}`);
	if (previous.columns.length !== next.columns.length)
		parts.push(`${previous.columns.length.toLocaleString("en-US")} → ${plural(next.columns.length, "column")}`);
	const added = next.columns.filter((name) => !previous.columns.includes(name));
	const removed = previous.columns.filter((name) => !next.columns.includes(name));
	if (added.length > 0 && added.length <= 3) parts.push(`added ${added.map(quote).join(", ")}`);
	if (removed.length > 0 && removed.length <= 3) parts.push(`removed ${removed.map(quote).join(", ")}`);
	if (parts.length === 0) return { field, label: edits ? `Data: ${cellEditWords(edits)}` : `Data: cells edited (${size})` };
	return { field, label: `Data: ${parts.join(", ")}` };
}

function seriesChange(before: ChartSnapshot, after: ChartSnapshot): VersionChange | null {
	if (same(before.seriesRefs, after.seriesRefs)) return null;
	const added = after.seriesNames.filter((name) => !before.seriesNames.includes(name));
	const removed = before.seriesNames.filter((name) => !after.seriesNames.includes(name));
	const parts: string[] = [];
	if (added.length > 0)
		parts.push(`added ${added.slice(0, 3).map(quote).join(", ")}${added.length > 3 ? ` and ${added.length - 3} more` : ""}`);
	if (removed.length > 0)
		parts.push(`removed ${removed.slice(0, 3).map(quote).join(", ")}${removed.length > 3 ? ` and ${removed.length - 3} more` : ""}`);
	return { field: "series", label: parts.length > 0 ? `Library series: ${parts.join(", ")}` : "Library series changed" };
}

/** The words of one change. */
export function changeText(change: VersionChange): string {
	if (change.from === undefined && change.to === undefined) return change.label;
	const from = change.from ?? null;
	const to = change.to ?? null;
	// A series' setting already ends its label with a colon: "North: colour #0072b2 → #ffe680".
	const between = change.field.startsWith(seriesStylePrefix) ? " " : ": ";
	if (from === null && to === null) return `${change.label} changed`;
	if (from === null) return `${change.label} set to ${to}`;
	if (to === null) return `${change.label} removed (was ${from})`;
	if (from === to) return `${change.label}${between}${to} (unchanged)`;
	return `${change.label}${between}${from} → ${to}`;
}

/** Changes in words, at most `shownChanges` of them spelt out. */
export function summaryOfChanges(changes: readonly VersionChange[]): string {
	const texts = changes.slice(0, shownChanges).map(changeText);
	const more = changes.length - shownChanges;
	if (more > 0) texts.push(`and ${plural(more, "more change")}`);
	return texts.join("; ");
}

function withLead(lead: string, changes: VersionChange[]): string {
	return changes.length > 0 ? `${lead}: ${summaryOfChanges(changes)}` : lead;
}

/**
 * What the version after `previous` changed. `previous` is null for a chart's first version.
 * Never throws: a summary is a courtesy, and the write it describes must not fail for it.
 */
export function describeVersion(previous: ChartSnapshot | null, next: ChartSnapshot, context: DescribeContext): VersionNote {
	try {
		return describe(previous, next, context);
	} catch {
		return { summary: fallbackSummary(context.action, context.authorAccountId), changes: [] };
	}
}

function describe(previous: ChartSnapshot | null, next: ChartSnapshot, context: DescribeContext): VersionNote {
	const { action } = context;
	if (!previous) {
		const shape = context.nextShape;
		const summary = shape
			? `Created with ${plural(shape.rows, "row")} × ${plural(shape.columns.length, "column")}`
			: next.seriesRefs.length > 0
				? `Created with ${plural(next.seriesRefs.length, "library series", "library series")}`
				: "Created";
		return { summary, changes: [] };
	}
	const changes: VersionChange[] = [];
	if (previous.kind !== next.kind) changes.push({ field: "kind", label: "Kind", from: previous.kind, to: next.kind });
	const dataChanged = previous.dataBlobKey !== next.dataBlobKey || (previous.hasData && !next.hasData);
	if (dataChanged && next.seriesRefs.length === 0) {
		changes.push(
			next.hasData
				? dataChange(context.previousShape, context.nextShape, previous.hasData, context.cellEdits)
				: { field: "data", label: "Data removed" },
		);
	}
	const series = seriesChange(previous, next);
	if (series) changes.push(series);
	changes.push(...metaChanges(previous.meta, next.meta, context));
	if (previous.folderId !== next.folderId)
		changes.push({ field: "folderId", label: next.folderId === null ? "Moved to the top level" : "Moved to another folder" });

	switch (action) {
		case "restore":
			return {
				summary: withLead(context.restoredVersion ? `Restored version ${context.restoredVersion}` : "Restored an earlier version", changes),
				changes,
			};
		case "publish":
		case "unpublish":
			return { summary: withLead(fallbackSummary(action, context.authorAccountId), changes), changes };
		case "refresh":
			return {
				summary: withLead(
					fallbackSummary(action, context.authorAccountId),
					changes.filter((change) => change.field === "data" || change.field === "series"),
				),
				changes,
			};
		default:
			if (changes.length === 0) return { summary: action === "data" ? "Data sent again, unchanged" : "Saved without changes", changes };
			return { summary: summaryOfChanges(changes), changes };
	}
}

/** A version as stored, with what the list needs to show and merge it. */
export interface StoredVersion {
	version: number;
	action: string;
	authorAccountId: string;
	createdAt: number;
	summary: string | null;
	changes: VersionChange[] | null;
}

/** A version as the list shows it: `firstVersion` is the oldest version folded into this entry. */
export interface ListedVersion {
	version: number;
	firstVersion: number;
	action: string;
	authorAccountId: string;
	createdAt: number;
	summary: string;
}

function fieldsKey(changes: readonly VersionChange[] | null): string | null {
	if (!changes || changes.length === 0) return null;
	return changes
		.map((change) => change.field)
		.sort()
		.join(",");
}

/** Two ends of the same field's changes: from the first one's "before" to the last one's "after". */
function mergedChanges(older: readonly VersionChange[], newer: readonly VersionChange[]): VersionChange[] {
	return newer.map((change) => {
		const first = older.find((candidate) => candidate.field === change.field);
		if (!first || (first.from === undefined && first.to === undefined) || (change.from === undefined && change.to === undefined))
			return change;
		return { ...change, from: first.from ?? null };
	});
}

/**
 * Newest first. Consecutive `update` versions by the same author that changed exactly the same
 * fields, each within `coalesceWindowMs` of the entry's oldest, are one entry: the newest
 * version's number, `firstVersion` the oldest's, one summary across them. Every version is still
 * stored and readable by number (GET …/versions/{n}); only the list folds them.
 */
export function coalesceVersions(newestFirst: readonly StoredVersion[]): ListedVersion[] {
	const oldestFirst = [...newestFirst].sort((a, b) => a.version - b.version);
	const entries: { listed: ListedVersion; changes: VersionChange[] | null; key: string | null; startedAt: number }[] = [];
	for (const row of oldestFirst) {
		const key = row.action === "update" ? fieldsKey(row.changes) : null;
		const last = entries[entries.length - 1];
		if (
			last &&
			key !== null &&
			last.key === key &&
			last.listed.action === "update" &&
			last.listed.authorAccountId === row.authorAccountId &&
			last.listed.version === row.version - 1 &&
			row.createdAt - last.startedAt <= coalesceWindowMs &&
			last.changes &&
			row.changes
		) {
			const changes = mergedChanges(last.changes, row.changes);
			last.changes = changes;
			last.listed = { ...last.listed, version: row.version, createdAt: row.createdAt, summary: summaryOfChanges(changes) };
			continue;
		}
		entries.push({
			listed: {
				version: row.version,
				firstVersion: row.version,
				action: row.action,
				authorAccountId: row.authorAccountId,
				createdAt: row.createdAt,
				summary: row.summary ?? fallbackSummary(row.action, row.authorAccountId),
			},
			changes: row.changes,
			key,
			startedAt: row.createdAt,
		});
	}
	return entries.map((entry) => entry.listed).reverse();
}
