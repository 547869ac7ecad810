/**
 * A chart's drawing input as the export service hands it to the renderer, for tests and benches
 * that draw without the service: the kind's example table (or a CSV given), its series as the
 * layout check names them, the first built-in theme, light, 800 × 500, opaque. Give only what a
 * case is about.
 */
import { parseCsv } from "../../../src/domain/csv-parse";
import type { Dataset } from "../../../src/domain/dataset";
import type { ChartKind } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { seriesForLayout } from "../../../src/domain/layouts";
import type { ThemeDefinition } from "../../../src/domain/themes";
import { builtInThemes } from "../../../src/domain/themes";
import type { RenderInput } from "../../../src/render/input";

export interface RenderInputParts extends Partial<Omit<RenderInput, "kind" | "dataset" | "seriesNames">> {
	kind: ChartKind;
	/** The table as CSV; the kind's layout example when neither this nor `dataset` is given. */
	csv?: string;
	dataset?: Dataset;
}

export const defaultTheme: ThemeDefinition = (builtInThemes[0] as (typeof builtInThemes)[number]).definition;

export function renderInputFor({ kind, csv, dataset, ...rest }: RenderInputParts): RenderInput {
	const table = dataset ?? parseCsv(csv ?? layoutExamples[kind].csv);
	return {
		kind,
		dataset: table,
		seriesNames: seriesForLayout(kind, table),
		meta: {},
		theme: defaultTheme,
		mode: "light",
		width: 800,
		height: 500,
		transparent: false,
		fromStatistics: false,
		...rest,
	};
}
