/**
 * The `meta` settings object (docs/contract.md#section-2-3, docs/design.md#d7/#d8/#d24). Known fields are validated; any other
 * setting is kept exactly as sent, because the editor stores settings this API does not know,
 * as long as the whole stays within D24's size and depth limits.
 */
import { z } from "zod";
import { nameForTitle } from "./chart-name";
import { ColumnRoles } from "./column-roles-schema";
import { depthProblem, jsonLimitProblem, nestsDeeperThan } from "./json-limits";
import { settingsFields } from "./meta-settings";
import { SeriesTransformMap } from "./transforms";

export const maxNameLength = 300;
export { defaultChartName } from "./chart-name";

/** D24: what a chart's settings may weigh, serialised as JSON. */
export const maxMetaBytes = 64 * 1024;
/** D24: how deeply objects and arrays may nest in `meta`, `meta` itself being level 1. */
export const maxMetaDepth = 20;

/** Re-exported: the meta limits were defined here first and tests and callers import them from here. */
export { nestsDeeperThan };

/** D24 on a whole `meta`. */
function checkMetaLimits(meta: unknown, ctx: z.RefinementCtx): void {
	const problem = jsonLimitProblem(meta, { maxBytes: maxMetaBytes, maxDepth: maxMetaDepth });
	if (problem) ctx.addIssue({ code: "custom", message: problem });
}

/** Runs the limits even when a known field is wrong too, so the caller learns of both at once. */
const whenAnObject = {
	when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value),
};

const pixels = z.number().min(100, "must be between 100 and 4000 pixels").max(4000, "must be between 100 and 4000 pixels");

/** How dates written day and month both ways (`01/02/2024`) are read. */
export const DateOrder = z.enum(["day-first", "month-first"], { error: 'must be "day-first" or "month-first"' });

const MetaFields = z
	.looseObject({
		title: z
			.string()
			.max(maxNameLength, `at most ${maxNameLength} characters`)
			.describe("Chart title, and the chart's name")
			.meta({ examples: ["Who won the seats"] })
			.optional(),
		subtitle: z
			.string()
			.max(2000, "at most 2000 characters")
			.describe("A line under the title")
			.meta({ examples: ["General election, 2024"] })
			.optional(),
		sourceText: z
			.string()
			.max(2000, "at most 2000 characters")
			.describe("Source line in the footer")
			.meta({ examples: ["Source: House of Commons Library"] })
			.optional(),
		theme: z
			.string()
			.min(1)
			.max(100)
			.describe("A built-in theme id or one of GET /v1/themes")
			.meta({ examples: ["newsroom"] })
			.optional(),
		mode: z
			.enum(["light", "dark", "auto"], { error: 'must be "light", "dark" or "auto"' })
			.describe(
				'Light or dark colours; "auto" makes the live embed follow the reader\'s colour scheme (exports draw it light unless `?mode=` says otherwise)',
			)
			.meta({
				examples: ["light"],
				title: "Colour scheme",
				"x-editor-hint":
					"Light, the default, stays light even in an article shown dark; Auto lets the published chart follow each reader's light or dark setting; Dark stays dark. Downloads are drawn light unless you pick dark when downloading.",
			})
			.optional(),
		w: pixels
			.describe("Width in pixels")
			.meta({ examples: [800] })
			.optional(),
		h: pixels
			.describe("Height in pixels")
			.meta({ examples: [500] })
			.optional(),
		seriesTransform: SeriesTransformMap.optional(),
		// Drawing variants of the kinds (see the README's rendering section).
		stack: z
			.enum(["none", "stacked", "percent"], { error: 'must be "none", "stacked" or "percent"' })
			.describe("Lines and bars: stacked or 100% stacked")
			.meta({ examples: ["stacked"] })
			.optional(),
		area: z
			.boolean()
			.describe("Lines: fill the area under each line")
			.meta({ examples: [true] })
			.optional(),
		orientation: z
			.enum(["horizontal", "vertical"], { error: 'must be "horizontal" or "vertical"' })
			.describe("Bars: horizontal bars or vertical columns")
			.meta({ examples: ["vertical"] })
			.optional(),
		sort: z
			.enum(["none", "descending"], { error: 'must be "none" or "descending"' })
			.describe("Bars: largest first")
			.meta({ examples: ["descending"] })
			.optional(),
		donut: z
			.boolean()
			.describe("Pies: a ring")
			.meta({ examples: [true] })
			.optional(),
		halfPie: z
			.boolean()
			.describe("Pies: a half ring, as for parliaments")
			.meta({ examples: [true] })
			.optional(),
		connected: z
			.boolean()
			.describe("Scatter: join the points in row order")
			.meta({ examples: [true] })
			.optional(),
		basemap: z
			.enum(["world", "us-states"], { error: 'must be "world" or "us-states"' })
			.describe("Maps: the base map")
			.meta({ examples: ["world"] })
			.optional(),
		period: z
			.string()
			.max(40)
			.describe("The period a library-backed pie, treemap or map shows; the latest when absent")
			.meta({
				examples: ["2020"],
				"x-editor-hint": "For a pie, treemap or map of library statistics: the year it shows. Left empty, the latest year.",
				// Only these kinds draw one period of many (src/render/kinds/part-to-whole.ts, map.ts).
				"x-kinds": ["pie", "treemap", "map"],
			})
			.optional(),
		columns: ColumnRoles.optional(),
		dateOrder: DateOrder.describe(
			"How to read dates such as 01/02/2024 whose every value reads either way: day first (1 February) or month first (2 January)",
		)
			.meta({
				examples: ["day-first"],
				title: "Dates written",
				"x-editor-hint": "Only for dates like 01/02/2024 that could be either. Dates like 31/12/2024 are read as they can only be.",
			})
			.optional(),
		...settingsFields,
	})
	.describe("Every editor setting of a chart. Unknown fields are kept as sent.");

export const Meta = MetaFields.superRefine(checkMetaLimits, whenAnObject);
/** The top-level settings `meta` knows; any other is kept as sent (meta-warnings.ts says so). */
export const knownMetaSettings: readonly string[] = Object.keys(MetaFields.shape);
export type Meta = z.infer<typeof Meta>;

/**
 * A JSON merge patch for `meta` (D8). Every object and array of a patch lands at its own depth
 * in the merged settings, so a patch deeper than the limit can only produce settings past it: it
 * is refused before merging, which walks the patch recursively. Size is checked after merging,
 * since a large patch of `null`s can shrink the settings.
 */
export const MetaPatch = z
	.record(z.string(), z.unknown())
	.superRefine((patch, ctx) => {
		if (nestsDeeperThan(patch, maxMetaDepth)) ctx.addIssue({ code: "custom", message: depthProblem(maxMetaDepth) });
	})
	.describe(
		"A JSON merge patch of meta (null removes a key). The merged settings are validated as a whole; GET /v1/schema/meta.json lists every setting.",
	)
	.meta({ examples: [{ labels: { values: "last" }, legend: null }] });

/** A copy of stored settings without the top-level fields that nest past the depth limit. */
function withoutOverDeepFields(stored: unknown): unknown {
	if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return stored;
	const kept: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(stored)) {
		if (!nestsDeeperThan(value, maxMetaDepth - 1)) kept[key] = value;
	}
	return kept;
}

/**
 * Settings as read back from storage. Charts saved before D24 was enforced may hold a field
 * nested thousands of levels deep, which no response can carry (workerd's `Response.json`
 * serialises recursively and throws). Reads leave such fields out instead of failing, so the
 * chart can still be read, repaired by a PATCH and deleted; the size limit is not re-applied,
 * as an oversized but shallow meta is still answerable.
 */
export const StoredMeta = z.preprocess(withoutOverDeepFields, MetaFields);

/** The chart's name is its title (D7). */
export function chartName(meta: Meta): string {
	return nameForTitle(meta.title);
}
