/**
 * The `meta` settings object (spec §2.3, DESIGN D7/D8). Known fields are validated; any other
 * setting is kept exactly as sent, because the editor stores settings this API does not know.
 */
import { z } from "zod";
import { SeriesTransformMap } from "./transforms";

export const maxNameLength = 300;
export const defaultChartName = "Untitled chart";

export const Meta = z.looseObject({
	title: z.string().max(maxNameLength, `at most ${maxNameLength} characters`).optional(),
	subtitle: z.string().max(2000, "at most 2000 characters").optional(),
	sourceText: z.string().max(2000, "at most 2000 characters").optional(),
	theme: z.string().min(1).max(100).optional(),
	mode: z.enum(["light", "dark"], { error: 'must be "light" or "dark"' }).optional(),
	w: z.number().min(100, "must be between 100 and 4000 pixels").max(4000, "must be between 100 and 4000 pixels").optional(),
	h: z.number().min(100, "must be between 100 and 4000 pixels").max(4000, "must be between 100 and 4000 pixels").optional(),
	seriesTransform: SeriesTransformMap.optional(),
	// Drawing variants of the kinds (see the README's rendering section).
	stack: z.enum(["none", "stacked", "percent"], { error: 'must be "none", "stacked" or "percent"' }).optional(),
	area: z.boolean().optional(),
	orientation: z.enum(["horizontal", "vertical"], { error: 'must be "horizontal" or "vertical"' }).optional(),
	sort: z.enum(["none", "descending"], { error: 'must be "none" or "descending"' }).optional(),
	donut: z.boolean().optional(),
	halfPie: z.boolean().optional(),
	connected: z.boolean().optional(),
	basemap: z.enum(["world", "us-states"], { error: 'must be "world" or "us-states"' }).optional(),
	/** The period a library-backed pie, treemap or map shows; the latest when absent. */
	period: z.string().max(40).optional(),
});
export type Meta = z.infer<typeof Meta>;

/** The chart's name is its title (D7). */
export function chartName(meta: Meta): string {
	const title = meta.title?.trim();
	return title ? title : defaultChartName;
}
