/**
 * The overlay client's hit tests (`src/embed/client/overlay/hit.ts`): which category or mark a
 * pointer is on, in the drawing's own coordinates, with hidden series left out.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { anchorOf, categoryAt, itemAt, shownCategories } from "../../../src/embed/client/overlay/hit.ts";
import type { ReaderTips, TipLayout } from "../../../src/embed/tips/model.ts";

const colors = { light: { surface: "#fff", text: "#000", grid: "#ccc" }, dark: { surface: "#000", text: "#fff", grid: "#333" } };

const line: ReaderTips = {
	trigger: "axis",
	along: "x",
	colors,
	series: [{ name: "China" }, { name: "India" }],
	legend: [0, 1],
	categories: [
		{ header: "2000", values: ["71.4", "62.5"] },
		{ header: "2005", values: ["72.9", null] },
		{ header: "2010", values: [null, "66.7"] },
	],
	layouts: {},
};
const lineLayout: TipLayout = {
	plot: [50, 50, 700, 400],
	positions: [50, 400, 750],
	marks: [
		[[50, 200], [400, 180], null],
		[[50, 420], null, [750, 380]],
	],
};

describe("overlay hit tests", () => {
	it("finds the nearest category along the axis, inside the plot only", () => {
		assert.equal(categoryAt(line, lineLayout, { x: 300, y: 300 }, new Set()), 1);
		assert.equal(categoryAt(line, lineLayout, { x: 100, y: 300 }, new Set()), 0);
		assert.equal(categoryAt(line, lineLayout, { x: 740, y: 300 }, new Set()), 2);
		assert.equal(categoryAt(line, lineLayout, { x: 300, y: 20 }, new Set()), null, "above the plot: the title");
	});

	it("skips categories whose only values belong to hidden series", () => {
		assert.deepEqual(shownCategories(line, new Set([1])), [0, 1]);
		assert.equal(categoryAt(line, lineLayout, { x: 740, y: 300 }, new Set([1])), 1);
	});

	it("anchors a line's tooltip at the highest shown point, a bar's at its longest bar's end", () => {
		assert.deepEqual(anchorOf(line, lineLayout, 0, new Set()), { x: 50, y: 200 });
		assert.deepEqual(anchorOf(line, lineLayout, 0, new Set([0])), { x: 50, y: 420 });
		const bars: ReaderTips = { ...line, along: "y" };
		const barLayout: TipLayout = { plot: [70, 70, 600, 300], positions: [100], marks: [[[70, 80, 300, 20]], [[70, 100, 450, 20]]] };
		assert.deepEqual(anchorOf(bars, barLayout, 0, new Set()), { x: 520, y: 100 });
	});

	it("finds the pie slice under the pointer, across the turn where angles pass 2π", () => {
		const pie: ReaderTips = {
			trigger: "item",
			colors,
			series: [{ name: "share" }],
			legend: [],
			items: [0, 1, 2].map((i) => ({ series: 0, header: "", rows: [[`slice ${i}`, "1"]] })),
			layouts: {},
		};
		// From the top (3π/2), clockwise on screen (y down): a quarter, a half, a quarter.
		const start = (3 * Math.PI) / 2;
		const layout: TipLayout = {
			marks: [
				[400, 250, 0, 100, start, start + Math.PI / 2],
				[400, 250, 0, 100, start + Math.PI / 2, start + (3 * Math.PI) / 2],
				[400, 250, 0, 100, start + (3 * Math.PI) / 2, start + 2 * Math.PI],
			],
		};
		assert.equal(itemAt(pie, layout, { x: 450, y: 200 }, new Set()), 0, "upper right");
		assert.equal(itemAt(pie, layout, { x: 400, y: 320 }, new Set()), 1, "below the centre");
		assert.equal(itemAt(pie, layout, { x: 350, y: 200 }, new Set()), 2, "upper left");
		assert.equal(itemAt(pie, layout, { x: 520, y: 250 }, new Set()), null, "outside the pie");
	});

	it("finds the nearest scatter point within reach, not a hidden series' one", () => {
		const scatter: ReaderTips = {
			trigger: "item",
			colors,
			series: [{ name: "a" }, { name: "b" }],
			legend: [0, 1],
			items: [
				{ series: 0, header: "p", rows: [] },
				{ series: 1, header: "q", rows: [] },
			],
			layouts: {},
		};
		const layout: TipLayout = {
			marks: [
				[100, 100, 4],
				[110, 100, 4],
			],
		};
		assert.equal(itemAt(scatter, layout, { x: 108, y: 100 }, new Set()), 1);
		assert.equal(itemAt(scatter, layout, { x: 108, y: 100 }, new Set([1])), 0);
		assert.equal(itemAt(scatter, layout, { x: 160, y: 100 }, new Set()), null, "too far from any point");
	});
});
