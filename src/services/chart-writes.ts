/**
 * Every change to a chart goes through here: checks that need the database (theme, folder,
 * transform keys), optimistic concurrency (If-Match, D13) and one new version per write (D12).
 */

import { z } from "zod";
import { ApiError, validationError } from "../api-error";
import type { ChartAction } from "../db/charts";
import { findChart, writeChartVersion } from "../db/charts";
import { findFolder } from "../db/folders";
import type { LinkChange } from "../db/linked-data";
import { startedDataSource } from "../db/linked-data";
import { workspaceThemeExists } from "../db/themes";
import type { Actor } from "../domain/caller";
import type { ChartRecord, ChartSnapshot } from "../domain/chart";
import type { TableReading } from "../domain/column-roles-auto";
import { ColumnRoles } from "../domain/column-roles-schema";
import { chartName, DateOrder, Meta } from "../domain/meta";
import { unknownSeriesKeys } from "../domain/series-keyed";
import { findBuiltInTheme } from "../domain/themes";
import type { DataShape } from "../domain/version-summary";
import type { Services } from "../request-services";

import { retryConditionalWrite } from "./retry";
import { noteForWrite } from "./version-notes";

/** Writes that lose a race are retried on fresh state this many times before giving up. */
const maxWriteAttempts = 20;

export function chartNotFound(id: string): ApiError {
	return new ApiError("not_found", `No chart ${id} in this workspace.`);
}

/** Loads a chart of the actor's workspace; another workspace's chart is 404 too (D4). */
export async function loadChart(services: Services, actor: Actor, id: string): Promise<ChartRecord> {
	const chart = await findChart(services.db, actor.workspaceId, id);
	if (!chart) throw chartNotFound(id);
	return chart;
}

/**
 * Validates merged settings as a whole: types and ranges, the theme, and transform keys.
 * `storedTheme` is the theme the chart already names: a theme deleted since then is not an error
 * (the chart draws with the workspace default), so a change to anything else,
 * or new data, must not be refused for it. Only a theme the write newly names must exist.
 */
export async function validateMeta(
	services: Services,
	actor: Actor,
	raw: unknown,
	chart: Pick<ChartSnapshot, "hasData" | "seriesNames">,
	storedTheme?: string,
): Promise<Meta> {
	const parsed = Meta.safeParse(raw);
	if (!parsed.success) throw validationError(parsed.error, "invalid_body", ["meta"]);
	const meta = parsed.data;
	if (
		meta.theme !== undefined &&
		meta.theme !== storedTheme &&
		!findBuiltInTheme(meta.theme) &&
		!(await workspaceThemeExists(services.db, actor.workspaceId, meta.theme))
	) {
		throw new ApiError("invalid_theme", `meta.theme: there is no theme "${meta.theme}". GET /v1/themes lists the themes you can use.`, {
			path: "meta.theme",
		});
	}
	if (chart.hasData) {
		for (const [field, code] of [
			["seriesTransform", "invalid_transform"],
			["seriesStyle", "invalid_body"],
		] as const) {
			const record = meta[field];
			if (record) assertSeriesKeys(field, code, record, chart.seriesNames);
		}
	}
	return meta;
}

/** D9 for every setting keyed by series name: each key must be a current series. */
function assertSeriesKeys(
	field: string,
	code: "invalid_transform" | "invalid_body",
	record: Record<string, unknown>,
	seriesNames: readonly string[],
): void {
	const unknown = unknownSeriesKeys(record, seriesNames);
	if (unknown.length === 0) return;
	throw new ApiError(
		code,
		`meta.${field}: ${unknown.map((k) => `"${k}"`).join(", ")} ${unknown.length === 1 ? "is not a series" : "are not series"} of this chart. Valid names: ${seriesNames.map((n) => `"${n}"`).join(", ")}.`,
		{ path: `meta.${field}`, unknown, validNames: seriesNames },
	);
}

/**
 * The settings that decide how a table is read (`meta.columns`), checked on their own: the data
 * is read with them before the whole of `meta` can be validated (which needs the series names).
 */
export function readingOf(rawMeta: unknown): TableReading {
	const parsed = Reading.safeParse(typeof rawMeta === "object" && rawMeta !== null ? rawMeta : {});
	if (!parsed.success) throw validationError(parsed.error, "invalid_body", ["meta"]);
	return parsed.data;
}

/**
 * What `readingOf` checks: the two settings a table is read with, the rest of `meta` left for
 * `validateMeta`; and which series are hidden (a pie draws its first visible column), read
 * leniently here because `validateMeta` is what refuses a bad `seriesTransform`.
 */
const Reading = z.object({
	columns: ColumnRoles.optional(),
	dateOrder: DateOrder.optional(),
	seriesTransform: z
		.record(z.string(), z.object({ hidden: z.boolean().optional() }))
		.optional()
		.catch(undefined),
});

/** Whether a settings change changes how the table is read (its column roles, its dates), so the data is read again. */
export function readsDifferently(before: unknown, after: unknown): boolean {
	const reading = (meta: unknown) => {
		const { columns = null, dateOrder = null } = (meta ?? {}) as { columns?: unknown; dateOrder?: unknown };
		return JSON.stringify([columns, dateOrder]);
	};
	return reading(before) !== reading(after);
}

export async function assertFolderUsable(services: Services, actor: Actor, folderId: string | null): Promise<void> {
	if (folderId !== null && !(await findFolder(services.db, actor.workspaceId, folderId))) {
		throw new ApiError("invalid_folder", `folderId: there is no folder ${folderId} in this workspace. GET /v1/folders lists them.`, {
			path: "folderId",
		});
	}
}

/**
 * The versions a write may apply to (optimistic concurrency, D13), from `If-Match` in the API:
 * null for any version; a number for that one; a list for any of them (empty: none will do).
 */
export type ExpectedVersion = number | readonly number[] | null;

export function versionExpected(expected: ExpectedVersion, version: number): boolean {
	if (expected === null) return true;
	return typeof expected === "number" ? expected === version : expected.includes(version);
}

/** 412 unless the chart's current `version` is one the write expects. */
export function assertExpectedVersion(expected: ExpectedVersion, version: number): void {
	if (!versionExpected(expected, version)) {
		throw new ApiError(
			"precondition_failed",
			`If-Match does not match: the chart is now at version ${version} (ETag "${version}"). GET it again, reapply your change, and retry.`,
			{ currentVersion: version },
		);
	}
}

export interface PlannedWrite {
	next: ChartSnapshot;
	action: ChartAction;
	publishedVersion?: number | null;
	/** For `restore`: the version brought back, named in the version's summary. */
	restoredVersion?: number;
	/** The shape of the dataset the write sets, when it parsed one (summaries say "12 → 14 rows"). */
	dataShape?: DataShape;
	/** What the write does to the chart's link to a URL, in the same statement; undefined keeps it. */
	link?: LinkChange;
}

/** How the chart write loop retries a lost race: on fresh state, this many times, then 409. */
export const chartWriteRetry = {
	budget: maxWriteAttempts,
	conflictMessage: "The chart kept changing while this request tried to save it. Retry the request.",
} as const;

function dataSourceAfter(current: ChartRecord, link: LinkChange | undefined): ChartRecord["dataSource"] {
	if (link === undefined) return current.dataSource;
	return "end" in link ? null : startedDataSource(link.start);
}

/**
 * Writes `planned` as the version after `current`, on the condition that `current` is still the
 * chart's latest version; answers the chart as written, or null when another write got there
 * first (the write loop re-reads and tries again).
 */
export async function commitChartWrite(
	services: Services,
	actor: Actor,
	current: ChartRecord,
	planned: PlannedWrite,
	now: number,
): Promise<ChartRecord | null> {
	const name = chartName(planned.next.meta);
	const { note, dataShape } = await noteForWrite(services, actor, current, planned.next, planned);
	const written = await writeChartVersion(services.d1, {
		previous: current,
		next: planned.next,
		name,
		action: planned.action,
		authorAccountId: actor.accountId,
		now,
		publishedVersion: planned.publishedVersion,
		note,
		dataShape,
		link: planned.link,
	});
	if (!written) return null;
	return {
		...current,
		...planned.next,
		name,
		version: current.version + 1,
		publishedVersion: planned.publishedVersion === undefined ? current.publishedVersion : planned.publishedVersion,
		updatedAt: now,
		dataSource: dataSourceAfter(current, planned.link),
	};
}

/**
 * Reads the chart, lets `plan` decide its next state, and writes it as a new version.
 * `plan` returns null for "nothing to change". A write that loses a race re-reads and plans
 * again; with an expected version the re-read answers 412 instead, as the client asked. `plan` runs once per
 * attempt, so it must be quick: slow work (drawing) belongs before the loop, as publish does it.
 */
export async function writeChart(
	services: Services,
	actor: Actor,
	chartId: string,
	expectedVersion: ExpectedVersion,
	now: number,
	plan: (current: ChartRecord) => Promise<PlannedWrite | null>,
): Promise<ChartRecord> {
	return retryConditionalWrite(async () => {
		const current = await loadChart(services, actor, chartId);
		assertExpectedVersion(expectedVersion, current.version);
		const planned = await plan(current);
		if (planned === null) return current;
		return commitChartWrite(services, actor, current, planned, now);
	}, chartWriteRetry);
}
