/**
 * A map's colour scale fits the chart's width: the stepped scale as the
 * continuous one does. Measured on the laid-out drawing (ECharts' own box of the scale, from the
 * same text metrics the export draws with), at a phone's width classes and a desktop's.
 */
import { describe, expect, it } from "vitest";
import type { Meta } from "../../../src/domain/meta";
import type { RenderInput } from "../../../src/render/input";
import type { LaidOutChart } from "../../../src/render/svg";
import { drawSvg } from "../../../src/render/svg";
import { renderInputFor } from "../../harness/workerd/render-input";

const countries = "country,GDP per person (USD)\nFRA,44461.8\nDEU,52745.2\nITA,38373.1\nESP,33509.4\nPOL,22112.9\nNOR,87961.6\n";

function input(meta: Meta, width: number): RenderInput {
	return renderInputFor({ kind: "map", csv: countries, meta, width, height: 420 });
}

interface Box {
	left: number;
	right: number;
}
interface Rect {
	x: number;
	width: number;
}
interface Laid {
	getModel(): { getComponent(type: string): unknown };
	getViewOfComponentModel(model: unknown): {
		group: { x: number; children(): { z2?: number; getBoundingRect(): Rect; x: number }[] };
	};
}

/** Where the scale was drawn, left to right, and how many parts it has (swatches and end texts). */
function scaleBox(chartInput: RenderInput): { box: Box; parts: number; option: Record<string, unknown> } {
	let found: { box: Box; parts: number } | undefined;
	let option: Record<string, unknown> = {};
	drawSvg(chartInput, false, (chart: LaidOutChart) => {
		const laid = chart as unknown as Laid & { getOption(): Record<string, unknown> };
		const view = laid.getViewOfComponentModel(laid.getModel().getComponent("visualMap"));
		// Its swatches and texts, not the background ECharts pads them with (5 px a side, transparent).
		const parts = view.group.children().filter((child) => child.z2 !== -1);
		const lefts = parts.map((child) => view.group.x + child.x + child.getBoundingRect().x);
		const rights = parts.map((child) => view.group.x + child.x + child.getBoundingRect().x + child.getBoundingRect().width);
		found = { box: { left: Math.min(...lefts), right: Math.max(...rights) }, parts: parts.length };
		option = (laid.getOption().visualMap as Record<string, unknown>[])[0] ?? {};
	});
	if (!found) throw new Error("the map drew no scale");
	return { ...found, option };
}

const padding = 16;

describe("a map's colour scale fits the chart's width", () => {
	for (const width of [280, 360, 480, 800])
		for (const steps of [3, 5, 9])
			it(`keeps ${steps} steps inside a ${width} px chart`, () => {
				const { box, parts, option } = scaleBox(input({ colorScale: { type: "steps", steps } }, width));
				expect(box.left).toBeGreaterThanOrEqual(padding);
				expect(box.right, `the scale ends at ${Math.round(box.right)} px`).toBeLessThanOrEqual(width - padding);
				// Every class has its swatch (and the unlabelled form its two end values).
				expect(parts).toBe(option.showLabel === false ? steps + 2 : steps);
			});

	for (const width of [280, 360, 480, 800])
		it(`keeps the continuous scale inside a ${width} px chart`, () => {
			const { box } = scaleBox(input({}, width));
			expect(box.right).toBeLessThanOrEqual(width - padding);
		});

	it("labels each class where the labels fit, else names the two ends", () => {
		const wide = scaleBox(input({ colorScale: { type: "steps", steps: 3 } }, 800)).option;
		expect(wide.showLabel).not.toBe(false);
		const narrow = scaleBox(input({ colorScale: { type: "steps", steps: 5 } }, 360)).option;
		expect(narrow).toMatchObject({ showLabel: false, text: [expect.stringMatching(/^87,960/), "22,110"] });
	});
});
