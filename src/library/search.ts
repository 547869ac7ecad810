/**
 * The data API's reads: ranked full-text search over statistics, sources with their
 * dimensions, and a dimension's values. Result counts are fixed (spec §4.4, §8).
 */
import { z } from "zod";

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

const statisticColumns = `s.id, s.title, s.series_name, s.source_id, src.title AS source_title, s.unit, s.frequency, s.dimensions, s.first_period, s.last_period`;

export async function searchStatistics(d1: D1Database, search: string | undefined) {
	const match = ftsQuery(search ?? "");
	const statement = match
		? d1
				.prepare(
					`SELECT ${statisticColumns} FROM library_statistics_fts f
					 JOIN library_statistics s ON s.id = f.statistic_id JOIN library_sources src ON src.id = s.source_id
					 WHERE library_statistics_fts MATCH ?1
					 ORDER BY bm25(library_statistics_fts, 0.0, 10.0, 5.0, 2.0), s.title LIMIT ?2`,
				)
				.bind(match, maxStatisticResults)
		: d1
				.prepare(
					`SELECT ${statisticColumns} FROM library_statistics s JOIN library_sources src ON src.id = s.source_id ORDER BY s.source_id, s.title LIMIT ?1`,
				)
				.bind(maxStatisticResults);
	const { results } = await statement.all();
	return results.map((row) => statisticResource(StatisticRow.parse(row)));
}

export async function listSources(d1: D1Database) {
	const [sources, dimensions] = await d1.batch([
		d1.prepare("SELECT id, title, description, attribution FROM library_sources ORDER BY id"),
		d1.prepare("SELECT source_id, id, title FROM library_dimensions ORDER BY source_id, position"),
	]);
	const Source = z.object({ id: z.string(), title: z.string(), description: z.string(), attribution: z.string() });
	const Dimension = z.object({ source_id: z.string(), id: z.string(), title: z.string() });
	// Grouped in one pass: a filter per source would be sources × dimensions.
	const dimensionsBySource = new Map<string, { id: string; title: string }[]>();
	for (const { source_id, id, title } of z.array(Dimension).parse(dimensions?.results ?? [])) {
		const list = dimensionsBySource.get(source_id) ?? [];
		list.push({ id, title });
		dimensionsBySource.set(source_id, list);
	}
	return z
		.array(Source)
		.parse(sources?.results ?? [])
		.map((source) => ({ ...source, dimensions: dimensionsBySource.get(source.id) ?? [] }));
}

export async function dimensionExists(d1: D1Database, sourceId: string, dimensionId: string): Promise<boolean> {
	return (await d1.prepare("SELECT 1 FROM library_dimensions WHERE source_id = ? AND id = ?").bind(sourceId, dimensionId).first()) !== null;
}

export async function sourceExists(d1: D1Database, sourceId: string): Promise<boolean> {
	return (await d1.prepare("SELECT 1 FROM library_sources WHERE id = ?").bind(sourceId).first()) !== null;
}

/** Values whose label or id contains the search text; those that start with it first. */
export async function searchDimensionValues(d1: D1Database, sourceId: string, dimensionId: string, search: string | undefined) {
	const needle = (search ?? "").trim().toLowerCase();
	const { results } = await d1
		.prepare(
			`SELECT id, label FROM library_dimension_values
			 WHERE source_id = ?1 AND dimension_id = ?2 AND (?3 = '' OR instr(lower(label), ?3) > 0 OR instr(lower(id), ?3) > 0)
			 ORDER BY CASE WHEN ?3 <> '' AND (lower(label) LIKE ?3 || '%' OR lower(id) LIKE ?3 || '%') THEN 0 ELSE 1 END, label
			 LIMIT ?4`,
		)
		.bind(sourceId, dimensionId, needle, maxDimensionValueResults)
		.all();
	return z.array(z.object({ id: z.string(), label: z.string() })).parse(results);
}
