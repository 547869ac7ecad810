/**
 * Series references → library statistics → a dataset (docs/design.md#section-4, D10): a period column, then
 * one column per statistic named by its series name (the entity, never the statistic id),
 * aligned by period (outer join, sorted). Two references with the same name get " (2)", " (3)".
 */
import { z } from "zod";
import { findDimensionValueId, selectDimensionIds, selectObservations, selectStatistic, selectStatisticsWithValues } from "../db/library";
import type { Dataset } from "../domain/dataset";
import type { SeriesReference } from "../domain/series";
import { InvalidSeriesError } from "./invalid-series";

export interface ResolvedStatistic {
	id: string;
	seriesName: string;
}

const Statistic = z.object({ id: z.string(), series_name: z.string() });

async function resolveStatistic(d1: D1Database, index: number, id: string): Promise<ResolvedStatistic> {
	const row = await selectStatistic(d1, id);
	if (!row) {
		throw new InvalidSeriesError(
			index,
			`series[${index}]: there is no statistic "${id}". Find statistic ids with GET /v1/statistics?search=…`,
		);
	}
	const statistic = Statistic.parse(row);
	return { id: statistic.id, seriesName: statistic.series_name };
}

async function resolveSelection(
	d1: D1Database,
	index: number,
	source: string,
	select: Record<string, string | number>,
): Promise<ResolvedStatistic> {
	const where = `series[${index}]`;
	const dimensions = z
		.array(z.object({ id: z.string() }))
		.parse(await selectDimensionIds(d1, source))
		.map((d) => d.id);
	if (dimensions.length === 0) {
		throw new InvalidSeriesError(
			index,
			`${where}: there is no source "${source}". GET /v1/sources lists the sources and their dimensions.`,
		);
	}
	const pairs = Object.entries(select);
	if (pairs.length === 0)
		throw new InvalidSeriesError(index, `${where}: select names no dimension; use some of: ${dimensions.join(", ")}.`);
	const valueIds: [string, string][] = [];
	for (const [dimension, wanted] of pairs) {
		if (!dimensions.includes(dimension)) {
			throw new InvalidSeriesError(
				index,
				`${where}: source "${source}" has no dimension "${dimension}"; its dimensions are ${dimensions.join(", ")}.`,
			);
		}
		const valueId = await findDimensionValueId(d1, source, dimension, String(wanted));
		if (valueId === null) {
			throw new InvalidSeriesError(
				index,
				`${where}: "${wanted}" is not a value of ${source}/${dimension}. Find values with GET /v1/sources/${source}/dimensions/${dimension}?search=…`,
			);
		}
		valueIds.push([dimension, valueId]);
	}
	// One more than the most the message names, to say "more than 50".
	const results = await selectStatisticsWithValues(d1, source, valueIds, 51);
	const matches = z.array(Statistic.extend({ dimensions: z.string() })).parse(results);
	if (matches.length === 0) {
		throw new InvalidSeriesError(index, `${where}: no statistic of "${source}" matches ${JSON.stringify(select)}.`);
	}
	if (matches.length > 1) {
		const varying = dimensions.filter(
			(d) => !select[d] && new Set(matches.map((m) => (JSON.parse(m.dimensions) as Record<string, string>)[d])).size > 1,
		);
		throw new InvalidSeriesError(
			index,
			`${where}: ${matches.length > 50 ? "more than 50" : matches.length} statistics of "${source}" match ${JSON.stringify(select)}; add ${varying.join(" or ") || "more dimensions"} to select exactly one.`,
		);
	}
	const match = matches[0] as z.infer<typeof Statistic>;
	return { id: match.id, seriesName: match.series_name };
}

export async function resolveReferences(d1: D1Database, references: readonly SeriesReference[]): Promise<ResolvedStatistic[]> {
	return Promise.all(
		references.map((reference, index) =>
			"statistic" in reference
				? resolveStatistic(d1, index, reference.statistic)
				: resolveSelection(d1, index, reference.source, reference.select),
		),
	);
}

/** Series names in order, with repeats numbered: "China", "China (2)". */
export function uniqueSeriesNames(names: readonly string[]): string[] {
	const seen = new Map<string, number>();
	return names.map((name) => {
		const count = (seen.get(name) ?? 0) + 1;
		seen.set(name, count);
		return count === 1 ? name : `${name} (${count})`;
	});
}

const Observation = z.object({ statistic_id: z.string(), period: z.string(), value: z.number().nullable() });

/** Current library values of the statistics as a wide, period-aligned dataset. */
export async function statisticsDataset(
	d1: D1Database,
	statistics: readonly ResolvedStatistic[],
	periodColumn = "period",
): Promise<Dataset> {
	const ids = [...new Set(statistics.map((s) => s.id))];
	const results = await selectObservations(d1, ids);
	const byStatistic = new Map<string, Map<string, number | null>>();
	const periods = new Set<string>();
	for (const row of z.array(Observation).parse(results)) {
		periods.add(row.period);
		const values = byStatistic.get(row.statistic_id) ?? new Map<string, number | null>();
		values.set(row.period, row.value);
		byStatistic.set(row.statistic_id, values);
	}
	const sortedPeriods = [...periods].sort();
	const names = uniqueSeriesNames(statistics.map((s) => s.seriesName));
	return {
		columns: [
			{ name: periodColumn, type: "date", values: sortedPeriods },
			...statistics.map((statistic, i) => ({
				name: names[i] as string,
				type: "number" as const,
				values: sortedPeriods.map((period) => byStatistic.get(statistic.id)?.get(period) ?? null),
			})),
		],
	};
}
