import type { ChartKind } from "../../src/domain/kinds.ts";
import { chartKinds } from "../../src/domain/kinds.ts";
import { layoutExamples } from "../../src/domain/layout-examples.ts";
import { drawableInput } from "../../src/render/drawable-text.ts";
import type { RenderInput } from "../../src/render/input.ts";
import { renderInputFor } from "../../test/harness/workerd/render-input.ts";
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
	return drawableInput(renderInputFor({ kind: c.kind, csv: c.csv, meta: { title, w: width, h: height }, width, height }));
}
