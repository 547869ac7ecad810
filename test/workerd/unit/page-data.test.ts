import { describe, expect, it } from "vitest";
import type { Meta } from "../../../src/domain/meta";
import { drawnMeta, drawnMetaFields } from "../../../src/embed/page-data";

describe("drawnMeta", () => {
	it("keeps every field the option builders read, with its value", () => {
		const meta: Meta = {
			title: "T",
			subtitle: "S",
			sourceText: "Src",
			mode: "dark",
			w: 640,
			h: 480,
			seriesTransform: { A: { ops: [{ fn: "multiply", args: [2] }] } },
			stack: "percent",
			area: true,
			orientation: "vertical",
			sort: "descending",
			donut: true,
			halfPie: false,
			connected: true,
			basemap: "us-states",
			period: "2020",
			description: "Alt text",
			notes: "Provisional",
			byline: "Jane Doe",
			sourceUrl: "https://example.org/data",
			locale: "de-DE",
			numberFormat: { decimals: 1 },
			axes: { y: { min: 0 } },
			seriesStyle: { a: { color: "#ff0000" } },
			highlight: ["a"],
			labels: { values: "last" },
			legend: { position: "bottom" },
			annotations: [{ type: "line", axis: "y", value: 1 }],
			colorScale: { type: "steps", steps: 4 },
			race: { enabled: true },
			table: { sortBy: "a" },
		};
		expect(drawnMeta(meta)).toEqual(meta);
		expect(Object.keys(meta).sort()).toEqual([...drawnMetaFields].sort());
	});

	it("drops unknown fields and the theme id, and never reads the prototype", () => {
		const meta = JSON.parse('{"title":"T","theme":"classic","editorNotes":"internal","__proto__":{"title":"polluted"}}') as Meta;
		expect(drawnMeta(meta)).toEqual({ title: "T" });
		expect(drawnMeta({} as Meta)).toEqual({});
	});
});
