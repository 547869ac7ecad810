/**
 * The preview's pure parts: where a click lands in the chart's terms (snapped to a
 * category or a round value, preview/snap.ts) and how a reader's width is drawn (the embed's
 * width class, scaled: preview-layout.ts).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { snapToAxis } from "../../../src/console/preview/snap.ts";
import { clampCustomWidth, previewLayout } from "../../../src/console/screens/editor/preview-layout.ts";

describe("snapping a click to the chart's axes", () => {
	const years = { type: "category", names: ["2019", "2020", "2021"] } as const;

	it("takes the category under the pointer, and the nearest end past either end", () => {
		assert.equal(snapToAxis(years, 1.4), "2020");
		assert.equal(snapToAxis(years, 1.6), "2021");
		assert.equal(snapToAxis(years, -0.7), "2019");
		assert.equal(snapToAxis(years, 9), "2021");
		assert.equal(snapToAxis({ type: "category", names: [] }, 0), null);
		assert.equal(snapToAxis(years, Number.NaN), null);
	});

	it("rounds a value to a fiftieth of the axis's span, as 1, 2 or 5 times a power of ten", () => {
		assert.equal(snapToAxis({ type: "value", min: 0, max: 20 }, 12.4871), 12.4);
		assert.equal(snapToAxis({ type: "value", min: 0, max: 100 }, 37.3), 38);
		assert.equal(snapToAxis({ type: "value", min: 0, max: 1 }, 0.33333), 0.34);
		assert.equal(snapToAxis({ type: "value", min: 0, max: 5000 }, 1234), 1200);
		assert.equal(snapToAxis({ type: "value", min: -3, max: 3 }, -1.234), -1.2);
	});

	it("takes the year on a line's axis of years, and the date on a time axis, as data writes them", () => {
		assert.equal(snapToAxis({ type: "value", min: 1950, max: 2023, period: true }, 2021.05), "2021");
		const day = Date.UTC(2024, 2, 5, 13);
		assert.equal(snapToAxis({ type: "time", min: Date.UTC(2024, 0, 1), max: Date.UTC(2024, 11, 31) }, day), "2024-03-05");
		assert.equal(snapToAxis({ type: "time", min: Date.UTC(2000, 0, 1), max: Date.UTC(2024, 0, 1) }, day), "2024-03");
		assert.equal(snapToAxis({ type: "time", min: Date.UTC(2000, 0, 1), max: Date.UTC(2024, 0, 1) }, Date.UTC(2024, 2, 20)), "2024-04");
	});

	it("keeps two significant digits on a log axis and refuses zero or below", () => {
		assert.equal(snapToAxis({ type: "value", min: 1, max: 10000, log: true }, 1234.5), 1200);
		assert.equal(snapToAxis({ type: "value", min: 1, max: 10000, log: true }, 0), null);
	});
});

describe("the preview's width", () => {
	const chart = { kind: "line", meta: { w: 800, h: 500 } } as const;

	it("draws a reader's width as the embed's class for it, scaled to the frame", () => {
		const layout = previewLayout(chart, "custom", 500, 1000);
		assert.deepEqual(layout.classes, [280, 360, 480, 640, 800]);
		assert.equal(layout.classWidth, 480);
		assert.equal(layout.drawing.width, 480);
		assert.equal(layout.frame.width, 500);
		assert.equal(layout.frame.height, Math.round((layout.drawing.height * 500) / 480));
		assert.equal(layout.shown, 1);
	});

	it("gives a phone the 360 px class and shows a frame wider than the pane scaled down", () => {
		const phone = previewLayout(chart, "phone", 0, 300);
		assert.equal(phone.classWidth, 360);
		assert.equal(phone.frame.width, 390);
		assert.equal(phone.shown, 300 / 390);
	});

	it("scales the chart's own drawing up for a reader wider than it, and keeps Fit at the chart's own size", () => {
		const wide = previewLayout(chart, "custom", 1200, 2000);
		assert.deepEqual([wide.classWidth, wide.drawing.width, wide.frame.width], [800, 800, 1200]);
		const fit = previewLayout(chart, "auto", 0, 1000);
		assert.deepEqual(fit.drawing, { width: 800, height: 500 });
		assert.deepEqual(fit.frame, fit.drawing);
	});

	it("draws a table as tall as its rows, at Fit and at a reader's width, the frame with it", () => {
		const table = { kind: "table", meta: { w: 800, h: 500 } } as const;
		const rows = (box: { width: number; height: number }) => Math.min(box.height, 180);
		const fit = previewLayout(table, "auto", 0, 1000, rows);
		assert.deepEqual(fit.drawing, { width: 800, height: 180 });
		assert.deepEqual(fit.frame, fit.drawing);
		const phone = previewLayout(table, "phone", 0, 1000, rows);
		assert.deepEqual(phone.drawing, { width: 360, height: 180 });
		assert.equal(phone.frame.height, Math.round((180 * 390) / 360));
		// A table taller than the box keeps the box.
		assert.deepEqual(previewLayout(table, "auto", 0, 1000, (box) => box.height + 100).drawing, { width: 800, height: 500 });
	});

	it("keeps a custom width within 280–1600 px", () => {
		assert.equal(clampCustomWidth(100), 280);
		assert.equal(clampCustomWidth(99999), 1600);
		assert.equal(clampCustomWidth(Number.NaN), 640);
		assert.equal(clampCustomWidth(512.4), 512);
	});
});
