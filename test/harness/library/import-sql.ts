/**
 * The statements that (re)load one library source: everything of the source is deleted and
 * inserted again, so an import is idempotent, and a source whose content hash is unchanged is
 * skipped by the caller. Plain SQL text, so the same statements run through
 * `wrangler d1 execute` (local or remote) and in tests.
 */
import type { LibrarySource } from "./format";
import { sql } from "./sql-literal";

/** Rows per multi-row INSERT: keeps every statement well under D1's statement size limit. */
const rowsPerInsert = 200;

function chunks<T>(items: T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
	return out;
}

export function deleteSourceSql(sourceId: string): string[] {
	const ofSource = sql("SELECT id FROM library_statistics WHERE source_id = ?", sourceId);
	return [
		`DELETE FROM library_observations WHERE statistic_id IN (${ofSource})`,
		`DELETE FROM library_statistics_fts WHERE statistic_id IN (${ofSource})`,
		sql("DELETE FROM library_statistic_dimensions WHERE source_id = ?", sourceId),
		sql("DELETE FROM library_statistics WHERE source_id = ?", sourceId),
		sql("DELETE FROM library_dimension_values WHERE source_id = ?", sourceId),
		sql("DELETE FROM library_dimensions WHERE source_id = ?", sourceId),
		sql("DELETE FROM library_sources WHERE id = ?", sourceId),
	];
}

export function importSourceSql(source: LibrarySource, contentHash: string, now: number): string[] {
	const statements = [...deleteSourceSql(source.id)];
	statements.push(
		sql(
			"INSERT INTO library_sources (id, title, description, attribution, content_hash, imported_at) VALUES (?, ?, ?, ?, ?, ?)",
			source.id,
			source.title,
			source.description,
			source.attribution,
			contentHash,
			now,
		),
	);
	source.dimensions.forEach((dimension, position) => {
		statements.push(
			sql(
				"INSERT INTO library_dimensions (source_id, id, title, position) VALUES (?, ?, ?, ?)",
				source.id,
				dimension.id,
				dimension.title,
				position,
			),
		);
		for (const batch of chunks(dimension.values, rowsPerInsert)) {
			statements.push(
				`INSERT INTO library_dimension_values (source_id, dimension_id, id, label) VALUES ${batch.map((v) => sql("(?, ?, ?, ?)", source.id, dimension.id, v.id, v.label)).join(", ")}`,
			);
		}
	});
	for (const statistic of source.statistics) {
		const periods = statistic.observations.map(([period]) => period).sort();
		statements.push(
			sql(
				"INSERT INTO library_statistics (id, source_id, title, series_name, unit, frequency, dimensions, first_period, last_period) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
				statistic.id,
				source.id,
				statistic.title,
				statistic.seriesName,
				statistic.unit,
				statistic.frequency,
				JSON.stringify(statistic.dimensions),
				periods[0] ?? null,
				periods.at(-1) ?? null,
			),
			sql(
				"INSERT INTO library_statistics_fts (statistic_id, title, series_name, source_title) VALUES (?, ?, ?, ?)",
				statistic.id,
				statistic.title,
				statistic.seriesName,
				source.title,
			),
		);
		const dimensions = Object.entries(statistic.dimensions);
		if (dimensions.length > 0) {
			statements.push(
				`INSERT INTO library_statistic_dimensions (statistic_id, source_id, dimension_id, value_id) VALUES ${dimensions.map(([d, v]) => sql("(?, ?, ?, ?)", statistic.id, source.id, d, v)).join(", ")}`,
			);
		}
		for (const batch of chunks(statistic.observations, rowsPerInsert)) {
			statements.push(
				`INSERT INTO library_observations (statistic_id, period, value) VALUES ${batch.map(([period, value]) => sql("(?, ?, ?)", statistic.id, period, value)).join(", ")}`,
			);
		}
	}
	return statements;
}
