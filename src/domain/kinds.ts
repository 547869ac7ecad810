/**
 * Chart kinds (spec §2.2). `kind` defaults to `line`.
 */
import { z } from "zod";

export const chartKinds = [
	"line",
	"horizontal-bar",
	"pie",
	"scatter",
	"themeriver",
	"multiples",
	"map",
	"dot",
	"range",
	"arrow",
	"candlestick",
	"heatmap",
	"treemap",
	"sankey",
	"boxplot",
	"radar",
	"table",
] as const;

export const ChartKind = z.enum(chartKinds, {
	error: () => `must be one of: ${chartKinds.join(", ")}`,
});
export type ChartKind = z.infer<typeof ChartKind>;

export const defaultKind: ChartKind = "line";
