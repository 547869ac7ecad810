import { describe, expect, it } from "vitest";
import type { ChartKind } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import type { Meta } from "../../../src/domain/meta";
import type { RenderInput } from "../../../src/render/input";
import { chartOption } from "../../../src/render/option";
import { renderInputFor } from "../../harness/workerd/render-input";

function input(kind: ChartKind, csv: string, meta: Meta = {}, width = 800): RenderInput {
	return renderInputFor({ kind, csv, meta, width });
}

type Series = { name?: string; data?: unknown[] }[];

describe("chart options", () => {
	it.each(["line", "horizontal-bar", "radar", "multiples", "themeriver"] as const)("%s draws one series per visible series", (kind) => {
		const csv = layoutExamples.multiples.csv;
		const all = chartOption(input(kind, csv));
		const oneHidden = chartOption(input(kind, csv, { seriesTransform: { Oslo: { hidden: true } } }));
		const count = (option: Record<string, unknown>) => {
			const series = option.series as Series;
			if (kind === "radar") return (series[0]?.data ?? []).length;
			if (kind === "themeriver") return new Set(((series[0]?.data ?? []) as unknown[][]).map((d) => d[2])).size;
			return series.length;
		};
		expect(count(all)).toBe(3);
		expect(count(oneHidden)).toBe(2);
	});

	it("keeps x labels aligned with downsampled values", () => {
		const rows = Array.from({ length: 5_000 }, (_, i) => `${i},${Math.sin(i / 50)}`);
		// Numbers on x lie on a value axis as [x, y] pairs (line-time-axis.test.ts); text keeps a category axis.
		const option = chartOption(input("line", `t,v\n${rows.join("\n")}\n`, {}, 400));
		const points = ((option.series as Series)[0]?.data ?? []) as [number, number][];
		expect(points.length).toBeLessThanOrEqual(800);
		// Each kept point's x is the period of its value: v = sin(t / 50).
		for (const [t, v] of points) expect(v).toBeCloseTo(Math.sin(t / 50), 10);
		const text = chartOption(input("line", `t,v\n${rows.map((row) => `r${row}`).join("\n")}\n`, {}, 400));
		const labels = (text.xAxis as { data: string[] }).data;
		const values = (text.series as Series)[0]?.data ?? [];
		expect(labels.length).toBeLessThanOrEqual(800);
		expect(labels).toHaveLength(values.length);
		for (const [i, t] of labels.entries()) expect(values[i]).toBeCloseTo(Math.sin(Number(t.slice(1)) / 50), 10);
	});

	it("stacks to 100% when asked", () => {
		const option = chartOption(input("line", "t,a,b\nx,1,3\ny,2,2\n", { stack: "percent" }));
		expect((option.series as Series).map((s) => s.data)).toEqual([
			[25, 50],
			[75, 50],
		]);
		// The axis says percent, beside the theme's own label style.
		expect(option.yAxis).toMatchObject({ max: 100, axisLabel: { formatter: "{value}%", color: expect.any(String) } });
		const bars = chartOption(input("horizontal-bar", "t,a,b\nx,1,3\ny,2,2\n", { stack: "percent" }));
		expect(bars.xAxis).toMatchObject({ max: 100, axisLabel: { formatter: "{value}%" } });
	});
});

describe("theme logo", () => {
	it("is drawn from its data URI in the theme's corner", () => {
		const dataUri = "data:image/png;base64,iVBORw0KGgo=";
		const base = input("line", layoutExamples.line.csv);
		const option = chartOption({ ...base, theme: { ...base.theme, logo: { dataUri, width: 60, position: "bottom-right" } } });
		expect(option.graphic).toContainEqual(
			expect.objectContaining({ type: "image", right: 16, bottom: 16, style: expect.objectContaining({ image: dataUri, width: 60 }) }),
		);
		expect((chartOption(base).graphic as { type: string }[]).some((g) => g.type === "image")).toBe(false);
	});

	it("labels a map's colour scale with its lowest and highest value and the value column", () => {
		const option = chartOption(input("map", "country,population (m)\nFRA,68.2\nIND,1429\nCHN,1410\n"));
		expect(option.visualMap).toMatchObject({ min: 0, max: 1429, text: ["1,429  population (m)", "0"] });
	});

	it("shades a heatmap over its data's own range and labels the scale's ends", () => {
		const option = chartOption(
			input("heatmap", "country,year,lifeExp\nChina,2002,72.0\nChina,2007,73.0\nJapan,2002,82.0\nJapan,2007,82.6\n"),
		);
		expect(option.visualMap).toMatchObject({ type: "continuous", min: 72, max: 82.6, text: ["82.6", "72"] });
	});

	it.each(["range", "arrow"] as const)("%s names its start and end series in the legend", (kind) => {
		const option = chartOption(input(kind, layoutExamples.arrow.csv));
		expect(option.legend).toMatchObject({ show: true, data: ["2022", "2026"] });
		const ends = (option.series as { name?: string; symbolSize?: number }[]).slice(1);
		expect(ends.map((s) => s.name)).toEqual(["2022", "2026"]);
		// An arrow marks its start with a dot and draws its head at the end; a range has dots at both.
		expect(ends.map((s) => s.symbolSize)).toEqual(kind === "arrow" ? [7, 0] : [11, 11]);
	});
});
