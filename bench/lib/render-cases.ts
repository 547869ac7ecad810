/** The charts the render benchmark draws: every kind's layout example, and 5 × 100,000 points. */
import { parseCsv } from "../../src/domain/csv-parse.ts";
import type { ChartKind } from "../../src/domain/kinds.ts";
import { chartKinds } from "../../src/domain/kinds.ts";
import { layoutExamples } from "../../src/domain/layout-examples.ts";
import { seriesForLayout } from "../../src/domain/layouts.ts";
import { builtInThemes } from "../../src/domain/themes.ts";
import { drawableInput } from "../../src/render/drawable-text.ts";
import type { RenderInput } from "../../src/render/input.ts";
import { makeCsv } from "./csv.ts";

export interface RenderCase {
	name: string;
	kind: ChartKind;
	csv: string;
}

export function renderCases(): RenderCase[] {
	return [
		...chartKinds.map((kind) => ({ name: kind, kind, csv: layoutExamples[kind].csv })),
		{ name: "line, 5 × 100,000 points", kind: "line", csv: makeCsv(100_000) },
	];
}

/** The input our Worker draws the case from, for the reference server to draw the same option. */
export function renderInputOf(c: RenderCase, title: string, width: number, height: number): RenderInput {
	const dataset = parseCsv(c.csv);
	return drawableInput({
		kind: c.kind,
		dataset,
		seriesNames: seriesForLayout(c.kind, dataset),
		meta: { title, w: width, h: height },
		theme: (builtInThemes[0] as (typeof builtInThemes)[number]).definition,
		mode: "light",
		width,
		height,
		transparent: false,
		fromStatistics: false,
	});
}
