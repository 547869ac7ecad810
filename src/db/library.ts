/**
 * The statistics library's reads (what `src/library/` searches and resolves): sources, their
 * dimensions and values, statistics and their observations. Rows come back as D1 gives them;
 * the library's modules check their shape and turn them into resources.
 */

const statisticColumns = `s.id, s.title, s.series_name, s.source_id, src.title AS source_title, s.unit, s.frequency, s.dimensions, s.first_period, s.last_period`;

/** Statistics whose text matches an FTS5 expression, best first; without one, in source and title order. */
export async function selectStatistics(d1: D1Database, match: string | null, limit: number): Promise<unknown[]> {
	const statement = match
		? d1
				.prepare(
					`SELECT ${statisticColumns} FROM library_statistics_fts f
					 JOIN library_statistics s ON s.id = f.statistic_id JOIN library_sources src ON src.id = s.source_id
					 WHERE library_statistics_fts MATCH ?1
					 ORDER BY bm25(library_statistics_fts, 0.0, 10.0, 5.0, 2.0), s.title LIMIT ?2`,
				)
				.bind(match, limit)
		: d1
				.prepare(
					`SELECT ${statisticColumns} FROM library_statistics s JOIN library_sources src ON src.id = s.source_id ORDER BY s.source_id, s.title LIMIT ?1`,
				)
				.bind(limit);
	return (await statement.all()).results;
}

/** Every source, and every dimension in source and position order, in one round trip. */
export async function selectSourcesAndDimensions(d1: D1Database): Promise<{ sources: unknown[]; dimensions: unknown[] }> {
	const [sources, dimensions] = await d1.batch([
		d1.prepare("SELECT id, title, description, attribution FROM library_sources ORDER BY id"),
		d1.prepare("SELECT source_id, id, title FROM library_dimensions ORDER BY source_id, position"),
	]);
	return { sources: sources?.results ?? [], dimensions: dimensions?.results ?? [] };
}

export async function dimensionExists(d1: D1Database, sourceId: string, dimensionId: string): Promise<boolean> {
	return (await d1.prepare("SELECT 1 FROM library_dimensions WHERE source_id = ? AND id = ?").bind(sourceId, dimensionId).first()) !== null;
}

export async function sourceExists(d1: D1Database, sourceId: string): Promise<boolean> {
	return (await d1.prepare("SELECT 1 FROM library_sources WHERE id = ?").bind(sourceId).first()) !== null;
}

/** Values whose label or id contains `needle` (lower case; empty: any), those that start with it first. */
export async function selectDimensionValues(
	d1: D1Database,
	sourceId: string,
	dimensionId: string,
	needle: string,
	limit: number,
): Promise<unknown[]> {
	const { results } = await d1
		.prepare(
			`SELECT id, label FROM library_dimension_values
			 WHERE source_id = ?1 AND dimension_id = ?2 AND (?3 = '' OR instr(lower(label), ?3) > 0 OR instr(lower(id), ?3) > 0)
			 ORDER BY CASE WHEN ?3 <> '' AND (lower(label) LIKE ?3 || '%' OR lower(id) LIKE ?3 || '%') THEN 0 ELSE 1 END, label
			 LIMIT ?4`,
		)
		.bind(sourceId, dimensionId, needle, limit)
		.all();
	return results;
}

export async function selectStatistic(d1: D1Database, id: string): Promise<unknown> {
	return d1.prepare("SELECT id, series_name FROM library_statistics WHERE id = ?").bind(id).first();
}

export async function selectDimensionIds(d1: D1Database, sourceId: string): Promise<unknown[]> {
	return (await d1.prepare("SELECT id FROM library_dimensions WHERE source_id = ? ORDER BY position").bind(sourceId).all()).results;
}

/** A dimension's value given by id or by label, in any case. */
export async function findDimensionValueId(d1: D1Database, sourceId: string, dimensionId: string, wanted: string): Promise<string | null> {
	const row = await d1
		.prepare(
			"SELECT id FROM library_dimension_values WHERE source_id = ?1 AND dimension_id = ?2 AND (id = ?3 OR lower(label) = lower(?3) OR lower(id) = lower(?3))",
		)
		.bind(sourceId, dimensionId, wanted)
		.first<{ id: string }>();
	return row?.id ?? null;
}

/** Statistics of a source that have every (dimension, value) pair; at most `limit`. */
export async function selectStatisticsWithValues(
	d1: D1Database,
	sourceId: string,
	valueIds: readonly (readonly [string, string])[],
	limit: number,
): Promise<unknown[]> {
	const conditions = valueIds.map(() => "(dimension_id = ? AND value_id = ?)").join(" OR ");
	const { results } = await d1
		.prepare(
			`SELECT s.id, s.series_name, s.dimensions FROM library_statistics s WHERE s.id IN (
			   SELECT statistic_id FROM library_statistic_dimensions WHERE source_id = ? AND (${conditions})
			   GROUP BY statistic_id HAVING COUNT(*) = ?) ORDER BY s.id LIMIT ?`,
		)
		.bind(sourceId, ...valueIds.flat(), valueIds.length, limit)
		.all();
	return results;
}

/** Every observation of the statistics, in period order. */
export async function selectObservations(d1: D1Database, statisticIds: readonly string[]): Promise<unknown[]> {
	const { results } = await d1
		.prepare(
			`SELECT statistic_id, period, value FROM library_observations WHERE statistic_id IN (${statisticIds.map(() => "?").join(", ")}) ORDER BY period`,
		)
		.bind(...statisticIds)
		.all();
	return results;
}
