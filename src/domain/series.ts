/**
 * Series references (docs/contract.md#section-2-5): how a client names library statistics for a chart.
 * Resolving them to data belongs to `src/library`.
 */
import { z } from "zod";

export const maxSeriesReferences = 50;

const Identifier = z.string().min(1, "must not be empty").max(200, "at most 200 characters");

export const StatisticReference = z.strictObject({ statistic: Identifier });
export const SelectionReference = z.strictObject({
	source: Identifier,
	select: z.record(Identifier, z.union([z.string().max(200), z.number()]), {
		error: "select must be an object of dimension → value",
	}),
});

export const SeriesReference = z.union([StatisticReference, SelectionReference], {
	error: 'each series reference is { "statistic": id } or { "source": id, "select": { dimension: value } }',
});
export type SeriesReference = z.infer<typeof SeriesReference>;

export const SeriesReferences = z
	.array(SeriesReference, { error: "series must be an array of series references" })
	.max(maxSeriesReferences, `at most ${maxSeriesReferences} series references per chart`);
