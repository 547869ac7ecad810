/**
 * The data API (docs/contract.md#section-4-4, docs/design.md#d3, #d5): search the statistics library, list sources and
 * their dimensions, and a dimension's values. Any valid key may call it.
 */
import { z } from "zod";
import { ApiError } from "../api-error";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { dimensionExists, listSources, searchDimensionValues, searchStatistics, sourceExists } from "../library/search";

const tag = "Data";
const Search = z.object({
	search: z.string().max(200, "at most 200 characters").optional().describe("Words to narrow the list by; at most 200 characters"),
});

const Statistic = z.object({
	id: z.string(),
	title: z.string(),
	seriesName: z.string().meta({ description: "The name the series gets in a chart (the entity: a country, a ticker)" }),
	source: z.object({ id: z.string(), title: z.string() }),
	unit: z.string(),
	frequency: z.string(),
	dimensions: z.record(z.string(), z.string()),
	firstPeriod: z.string().nullable(),
	lastPeriod: z.string().nullable(),
});

export const searchStatisticsRoute = defineRoute({
	method: "GET",
	path: "/v1/statistics",
	readOnly: true,
	tag,
	summary: "Search statistics",
	description: "Ranked full-text search over title, series name and source. Up to 25 results, fixed; narrow with `search`.",
	access: "key",
	query: Search,
	body: { type: "none" },
	responses: {
		200: {
			description: "Matching statistics, best first",
			schema: z.object({ statistics: z.array(Statistic) }).meta({ id: "StatisticList" }),
		},
	},
	errors: [],
	async handler({ services, query }) {
		return json({ statistics: await searchStatistics(services.d1, query.search) });
	},
});

export const listSourcesRoute = defineRoute({
	method: "GET",
	path: "/v1/sources",
	readOnly: true,
	tag,
	summary: "List sources and their dimensions",
	access: "key",
	body: { type: "none" },
	responses: {
		200: {
			description: "Every source of the library",
			schema: z
				.object({
					sources: z.array(
						z.object({
							id: z.string(),
							title: z.string(),
							description: z.string(),
							attribution: z.string(),
							dimensions: z.array(z.object({ id: z.string(), title: z.string() })),
						}),
					),
				})
				.meta({ id: "SourceList" }),
		},
	},
	errors: [],
	async handler({ services }) {
		return json({ sources: await listSources(services.d1) });
	},
});

export const dimensionValuesRoute = defineRoute({
	method: "GET",
	path: "/v1/sources/:source/dimensions/:dim",
	readOnly: true,
	tag,
	summary: "Search a dimension's values",
	description:
		"Values to use in an exact selection `{ source, select: { <dim>: <value id> } }`. Up to 30 results, fixed; narrow with `search`.",
	access: "key",
	query: Search,
	params: {
		source: z.string().describe("A source's id, from GET /v1/sources"),
		dim: z.string().describe("One of that source's dimension ids, from GET /v1/sources"),
	},
	body: { type: "none" },
	responses: {
		200: {
			description: "Matching values",
			schema: z.object({ values: z.array(z.object({ id: z.string(), label: z.string() })) }).meta({ id: "DimensionValueList" }),
		},
	},
	errors: ["not_found"],
	async handler({ services, params, query }) {
		const source = params.source as string;
		const dimension = params.dim as string;
		if (!(await sourceExists(services.d1, source))) throw new ApiError("not_found", `No source "${source}". GET /v1/sources lists them.`);
		if (!(await dimensionExists(services.d1, source, dimension))) {
			throw new ApiError("not_found", `Source "${source}" has no dimension "${dimension}". GET /v1/sources lists its dimensions.`);
		}
		return json({ values: await searchDimensionValues(services.d1, source, dimension, query.search) });
	},
});

export const dataRoutes = [searchStatisticsRoute, listSourcesRoute, dimensionValuesRoute];
