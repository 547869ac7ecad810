/**
 * The data API's reads: ranked full-text search over statistics, sources with their
 * dimensions, and a dimension's values. Result counts are fixed (docs/contract.md#section-4-4, §8).
 */
import { z } from "zod";
import { dimensionExists, selectDimensionValues, selectSourcesAndDimensions, selectStatistics, sourceExists } from "../db/library";

export const maxStatisticResults = 25;
export const maxDimensionValueResults = 30;

const StatisticRow = z.object({
	id: z.string(),
	title: z.string(),
	series_name: z.string(),
	source_id: z.string(),
	source_title: z.string(),
	unit: z.string(),
	frequency: z.string(),
	dimensions: z.string(),
	first_period: z.string().nullable(),
	last_period: z.string().nullable(),
});

function statisticResource(row: z.infer<typeof StatisticRow>) {
	return {
		id: row.id,
		title: row.title,
		seriesName: row.series_name,
		source: { id: row.source_id, title: row.source_title },
		unit: row.unit,
		frequency: row.frequency,
		dimensions: z.record(z.string(), z.string()).parse(JSON.parse(row.dimensions)),
		firstPeriod: row.first_period,
		lastPeriod: row.last_period,
	};
}

/** Words of the query as an FTS5 expression: every word must match, each as a prefix. */
export function ftsQuery(search: string): string | null {
	const words = search.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
	return words.length === 0 ? null : words.map((word) => `"${word}"*`).join(" ");
}

export async function searchStatistics(d1: D1Database, search: string | undefined) {
	const rows = await selectStatistics(d1, ftsQuery(search ?? ""), maxStatisticResults);
	return rows.map((row) => statisticResource(StatisticRow.parse(row)));
}

export async function listSources(d1: D1Database) {
	const { sources, dimensions } = await selectSourcesAndDimensions(d1);
	const Source = z.object({ id: z.string(), title: z.string(), description: z.string(), attribution: z.string() });
	const Dimension = z.object({ source_id: z.string(), id: z.string(), title: z.string() });
	// Grouped in one pass: a filter per source would be sources × dimensions.
	const dimensionsBySource = new Map<string, { id: string; title: string }[]>();
	for (const { source_id, id, title } of z.array(Dimension).parse(dimensions)) {
		const list = dimensionsBySource.get(source_id) ?? [];
		list.push({ id, title });
		dimensionsBySource.set(source_id, list);
	}
	return z
		.array(Source)
		.parse(sources)
		.map((source) => ({ ...source, dimensions: dimensionsBySource.get(source.id) ?? [] }));
}

export { dimensionExists, sourceExists };

/** Values whose label or id contains the search text; those that start with it first. */
export async function searchDimensionValues(d1: D1Database, sourceId: string, dimensionId: string, search: string | undefined) {
	const needle = (search ?? "").trim().toLowerCase();
	const results = await selectDimensionValues(d1, sourceId, dimensionId, needle, maxDimensionValueResults);
	return z.array(z.object({ id: z.string(), label: z.string() })).parse(results);
}
