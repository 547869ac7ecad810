/**
 * The library file format: how a statistics library is loaded (`npm run library:import`).
 * Anyone can load their own library by writing a file of this shape (see docs/data.md).
 */
import { z } from "zod";
import { isIsoDate } from "../../../src/domain/csv-parse";

const Slug = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, "lowercase letters, digits, _ . - (at most 100)");
const Period = z.string().refine((p) => /^\d{4}$/.test(p) || isIsoDate(p), "an ISO period: 2020, 2020-03 or 2020-03-01");

export const LibraryStatistic = z.object({
	id: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/, "letters, digits, _ . : - (at most 200)"),
	title: z.string().min(1).max(300),
	/** The entity the statistic is about; becomes the chart's series name. */
	seriesName: z.string().min(1).max(200),
	unit: z.string().max(100),
	frequency: z.string().max(50),
	/** Dimension id → value id; every dimension of the source should have a value. */
	dimensions: z.record(z.string(), z.string()),
	observations: z.array(z.tuple([Period, z.number().nullable()])),
});

export const LibrarySource = z
	.object({
		id: Slug,
		title: z.string().min(1).max(200),
		description: z.string().max(2000),
		attribution: z.string().max(500),
		dimensions: z.array(
			z.object({
				id: Slug,
				title: z.string().min(1).max(200),
				values: z.array(z.object({ id: z.string().min(1).max(200), label: z.string().min(1).max(200) })),
			}),
		),
		statistics: z.array(LibraryStatistic),
	})
	.superRefine((source, ctx) => {
		const values = new Map(source.dimensions.map((d) => [d.id, new Set(d.values.map((v) => v.id))]));
		const ids = new Set<string>();
		source.statistics.forEach((statistic, index) => {
			if (ids.has(statistic.id))
				ctx.addIssue({ code: "custom", path: ["statistics", index, "id"], message: `duplicate statistic id ${statistic.id}` });
			ids.add(statistic.id);
			for (const [dimension, value] of Object.entries(statistic.dimensions)) {
				if (!values.get(dimension)?.has(value)) {
					ctx.addIssue({
						code: "custom",
						path: ["statistics", index, "dimensions", dimension],
						message: `${dimension}=${value} is not a declared dimension value`,
					});
				}
			}
		});
	});
export type LibrarySource = z.infer<typeof LibrarySource>;

export const LibraryFile = z.object({ sources: z.array(LibrarySource) });
export type LibraryFile = z.infer<typeof LibraryFile>;
