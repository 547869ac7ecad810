/**
 * Which drawing variants of `meta` apply to each kind (its name and data layout are in
 * `src/domain/kind-catalog.ts`).
 */
import type { ChartKind } from "../../../domain/kinds";

export type Variant = "stack" | "area" | "orientation" | "sort" | "donut" | "halfPie" | "connected" | "basemap" | "period";

/** The variants that change how a kind draws (README, "Rendering and exports"). */
export function variantsOf(kind: ChartKind, fromStatistics: boolean): Variant[] {
	const period: Variant[] = fromStatistics ? ["period"] : [];
	switch (kind) {
		case "line":
			return ["area", "stack"];
		case "horizontal-bar":
			return ["orientation", "stack", "sort"];
		case "pie":
			return ["donut", "halfPie", ...period];
		case "scatter":
			return ["connected"];
		case "map":
			return ["basemap", ...period];
		case "treemap":
			return period;
		default:
			return [];
	}
}
