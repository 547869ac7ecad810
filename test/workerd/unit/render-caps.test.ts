/**
 * The drawing budget (docs/design.md#d25/#d26) as pure functions: every kind's option draws from a
 * bounded number of marks at 200,000 rows and says what it left out; the helpers behind the
 * caps; the PNG pixel budget; the warnings header; drawable text.
 */
import { describe, expect, it } from "vitest";
import type { ChartKind } from "../../../src/domain/kinds";
import { drawableText } from "../../../src/domain/markup";
import type { Meta } from "../../../src/domain/meta";
import { describeChart } from "../../../src/render/describe";
import { drawableInput, wellFormedSvg } from "../../../src/render/drawable-text";
import { DrawingNotes } from "../../../src/render/drawing-notes";
import { extent } from "../../../src/render/extent";
import type { RenderInput } from "../../../src/render/input";
import { chartOption } from "../../../src/render/option";
import { largestPngScale, pngBudgetProblem } from "../../../src/render/pixel-budget";
import { evenIndices, foldSmallParts, mergeCandles, otherPartsName } from "../../../src/render/reduce";
import { drawSvg } from "../../../src/render/svg";
import { warningsHeaderValue } from "../../../src/render/warnings-header";
import { bigCalendarCsv, bigCsv } from "../../harness/workerd/big-csv";
import { renderInputFor } from "../../harness/workerd/render-input";

function input(kind: ChartKind, csv: string, meta: Meta = {}): RenderInput {
	return renderInputFor({ kind, csv, meta });
}

type Series = { type?: string; data?: unknown[]; links?: unknown[] }[];

function drawn(kind: ChartKind, csv: string, meta: Meta = {}): { option: Record<string, unknown>; series: Series; notes: string[] } {
	const notes = new DrawingNotes();
	const option = chartOption(input(kind, csv, meta), notes);
	return { option, series: option.series as Series, notes: notes.sentences };
}

function points(series: Series): number {
	return series.reduce((n, s) => n + (s.data?.length ?? 0), 0);
}

/** Leaves of a treemap, walked with a queue (the test must not recurse either). */
function treemapBoxes(nodes: { children?: unknown[] }[]): number {
	let count = 0;
	const queue = [...nodes];
	while (queue.length > 0) {
		const node = queue.pop() as { children?: { children?: unknown[] }[] };
		count++;
		if (node.children) queue.push(...node.children);
	}
	return count;
}

const rows = 200_000;

describe("every kind draws from a bounded number of marks at 200,000 rows, and says so", () => {
	it("line: LTTB to about two points per pixel", () => {
		const { series, notes } = drawn("line", bigCsv.line(rows));
		for (const s of series) expect(s.data?.length).toBeLessThanOrEqual(1_700);
		expect(notes.join()).toMatch(/drawn from [\d,]+ of 200,000 rows \(downsampled\); the CSV export has them all/);
	});

	it("horizontal-bar: at most 400 categories, downsampled (or the largest when sorted)", () => {
		const plain = drawn("horizontal-bar", bigCsv["horizontal-bar"](rows));
		expect(points(plain.series)).toBeLessThanOrEqual(400);
		expect(plain.notes.join()).toContain("of 200,000 categories (downsampled)");
		const sorted = drawn("horizontal-bar", bigCsv["horizontal-bar"](rows), { sort: "descending" });
		expect(sorted.series[0]?.data).toHaveLength(400);
		expect(sorted.series[0]?.data?.[0]).toBe(1000);
		expect(sorted.notes.join()).toContain("drawn from 400 of 200,000 categories (the largest)");
	});

	it("multiples: LTTB per panel, at most 24 panels", () => {
		const { series, notes } = drawn("multiples", bigCsv.multiples(rows));
		for (const s of series) expect(s.data?.length).toBeLessThanOrEqual(1_700);
		expect(notes.join()).toContain("(downsampled)");
	});

	it("candlestick: one candle per 3 px, OHLC merged and volumes summed", () => {
		const { series, notes } = drawn("candlestick", bigCsv.candlestick(rows));
		const [candles, volume] = series;
		expect(candles?.data?.length).toBeLessThanOrEqual(800 / 3);
		expect(volume?.data).toHaveLength(candles?.data?.length ?? -1);
		// Every bucket spans the rows' extremes: low 90 and high 115 in every row.
		for (const candle of (candles?.data ?? []) as number[][]) expect([candle[2], candle[3]]).toEqual([90, 115]);
		const totalVolume = ((volume?.data ?? []) as number[]).reduce((a, b) => a + b, 0);
		let expected = 0;
		for (let i = 0; i < rows; i++) expected += i % 5000;
		expect(totalVolume).toBe(expected);
		expect(notes.join()).toContain("merged into one candle each");
	});

	it("pie: the 19 largest slices and one Other", () => {
		const { series, notes } = drawn("pie", bigCsv.pie(50_000));
		const slices = series[0]?.data as { name: string; value: number }[];
		expect(slices).toHaveLength(20);
		expect(slices.at(-1)?.name).toBe("Other (49,981)");
		expect(slices.reduce((n, s) => n + s.value, 0)).toBe(bigCsvTotal(50_000, (i) => 1 + (i % 1000)));
		expect(notes.join()).toContain('the 19 largest of 50,000 slices are drawn, the other 49,981 as one "Other" slice');
	});

	it("treemap: nested, at most 200 boxes a level plus one Other per parent", () => {
		const { series, notes } = drawn("treemap", bigCsv.treemap(rows));
		const top = series[0]?.data as { children?: unknown[] }[];
		expect(top).toHaveLength(50);
		expect(treemapBoxes(top)).toBeLessThanOrEqual(50 + 200 + 50);
		expect(notes.join()).toContain('folded into "Other"');
		const flat = drawn("treemap", bigCsv.pie(rows));
		expect(flat.series[0]?.data).toHaveLength(200);
	});

	it("scatter: at most 2,500 points and 20 groups", () => {
		const { series, notes } = drawn("scatter", bigCsv.scatter(rows));
		expect(points(series)).toBe(2_500);
		expect(series).toHaveLength(20);
		expect(notes.join()).toContain("drawn from 2,500 of 200,000 points (thinned evenly)");
		expect(notes.join()).toContain("the 19 largest of 30 groups are drawn apart, the other 11 as one group");
	});

	it.each(["dot", "range", "arrow"] as const)("%s: as many rows as the height shows", (kind) => {
		const { option, notes } = drawn(kind, bigCsv[kind](rows));
		const labels = (option.yAxis as { data: string[] }).data;
		expect(labels.length).toBeLessThanOrEqual(500 / 3);
		expect(notes.join()).toContain(`drawn from ${labels.length} of 200,000 rows (the first rows, as many as the height can show)`);
	});

	it("boxplot: at most 100 groups", () => {
		const { series, notes } = drawn("boxplot", bigCsv.boxplot(rows));
		expect(series[0]?.data).toHaveLength(100);
		expect(notes.join()).toContain("drawn from 100 of 500 groups");
	});

	it("heatmap: at most 100 × 50 cells, neighbours averaged; calendars at most 10 years", () => {
		const { option, series, notes } = drawn("heatmap", bigCsv.heatmap(rows));
		expect((option.xAxis as { data: string[] }).data).toHaveLength(100);
		expect((option.yAxis as { data: string[] }).data).toHaveLength(50);
		expect(series[0]?.data?.length).toBeLessThanOrEqual(100 * 50);
		expect(notes.join()).toContain("drawn from 100 of 1,000 columns (neighbouring columns averaged)");
		const calendar = drawn("heatmap", bigCalendarCsv(rows));
		expect(calendar.series).toHaveLength(10);
		expect(calendar.notes.join()).toContain("the latest 10 of 548 years are drawn");
	});

	it("themeriver: at most about 200 periods", () => {
		const { series, notes } = drawn("themeriver", bigCsv.themeriver(rows));
		expect(series[0]?.data?.length).toBeLessThanOrEqual(2 * 220);
		expect(notes.join()).toContain("of 200,000 periods (downsampled)");
	});

	it("radar: at most 60 axes", () => {
		const { option, series, notes } = drawn("radar", bigCsv.radar(rows));
		expect((option.radar as { indicator: unknown[] }).indicator).toHaveLength(60);
		for (const s of (series[0]?.data ?? []) as { value: number[] }[]) expect(s.value).toHaveLength(60);
		expect(notes.join()).toContain("the first 60 of 200,000 rows are drawn as axes");
	});

	it("sankey: the 300 largest flows", () => {
		const { series, notes } = drawn("sankey", bigCsv.sankey(rows));
		expect(series[0]?.links).toHaveLength(300);
		expect(notes.join()).toContain("drawn from 300 of 200,000 flows (the largest flows)");
	});

	it("sankey: a chain of 10,000 links is laid out from 300 of them", () => {
		// Built as a dataset directly: the upload's cycle check is another module's concern.
		const chain: RenderInput = {
			...input("sankey", "source,target,value\na,b,1\n"),
			dataset: {
				columns: [
					{ name: "source", type: "text", values: Array.from({ length: 10_000 }, (_, i) => `n${i}`) },
					{ name: "target", type: "text", values: Array.from({ length: 10_000 }, (_, i) => `n${i + 1}`) },
					{ name: "value", type: "number", values: Array.from({ length: 10_000 }, () => 1) },
				],
			},
		};
		const { svg, warnings } = drawSvg(chain);
		expect(svg.length).toBeLessThan(1024 * 1024);
		expect(warnings.join()).toContain("drawn from 300 of 10,000 flows (the largest flows)");
	});

	it("table: the rows and columns that fit", () => {
		const { option, notes } = drawn("table", bigCsv.table(rows));
		expect((option.graphic as unknown[]).length).toBeLessThan(200);
		expect(notes.join()).toContain("of 200,000 rows (the first rows, as many as the height can show)");
		const wide = `${Array.from({ length: 100 }, (_, i) => `c${i}`).join(",")}\n${Array.from({ length: 100 }, (_, i) => i).join(",")}\n`;
		expect(drawn("table", wide).notes.join()).toContain("of 100 columns");
	});

	it("map: one value per region, however many rows name it", () => {
		const { series } = drawn("map", bigCsv.map(rows));
		expect(series[0]?.data).toHaveLength(10);
	});

	it("a normal chart draws everything and notes nothing", () => {
		for (const kind of ["line", "pie", "scatter", "candlestick", "radar", "heatmap", "treemap", "sankey"] as const)
			expect(drawn(kind, bigCsv[kind](12)).notes).toEqual([]);
	});

	it("the description is bounded: at most 20 series named, ranges without spreading arguments", () => {
		const wide = `x,${Array.from({ length: 300 }, (_, i) => `s${i}`).join(",")}\n1,${Array.from({ length: 300 }, (_, i) => i).join(",")}\n`;
		const text = describeChart(input("line", wide));
		expect(text).toContain("s19, and 280 more");
		expect(text.length).toBeLessThan(1_000);
		expect(describeChart(input("line", bigCsv.line(rows)))).toContain("A ranges from 0 to 999");
	});
});

function bigCsvTotal(n: number, value: (i: number) => number): number {
	let total = 0;
	for (let i = 0; i < n; i++) total += value(i);
	return total;
}

describe("the helpers behind the caps", () => {
	it("extent loops over any number of values", () => {
		const many = Array.from({ length: 500_000 }, (_, i) => (i === 123 ? -5 : i === 4_000 ? null : i));
		expect(extent(many)).toEqual({ min: -5, max: 499_999 });
		expect(extent([null, Number.NaN])).toBeNull();
	});

	it("evenIndices keeps the ends and spreads the rest", () => {
		expect(evenIndices(5, 10)).toEqual([0, 1, 2, 3, 4]);
		expect(evenIndices(101, 5)).toEqual([0, 25, 50, 75, 100]);
	});

	it("foldSmallParts keeps the largest in their order and sums the rest", () => {
		const parts = [5, 1, 9, 2, 7].map((value, i) => ({ name: `p${i}`, value }));
		expect(foldSmallParts(parts, 3, otherPartsName)).toEqual([
			{ name: "p2", value: 9 },
			{ name: "p4", value: 7 },
			{ name: "Other (3)", value: 8 },
		]);
		expect(foldSmallParts(parts, 5, otherPartsName)).toEqual(parts);
	});

	it("mergeCandles: first open, highest high, lowest low, last close", () => {
		const merged = mergeCandles(
			["a", "b", "c", "d"],
			[
				[1, 2, 0, 3],
				[2, 3, -1, 4],
				[3, 4, 2, 9],
				[4, 5, 3, 6],
			],
			[1, 2, 3, 4],
			2,
		);
		expect(merged).toEqual({
			labels: ["a", "c"],
			candles: [
				[1, 3, -1, 4],
				[3, 5, 2, 9],
			],
			volumes: [3, 7],
		});
	});
});

describe("PNG pixel budget", () => {
	it("names the largest scale that fits, or asks for a smaller size", () => {
		expect(largestPngScale({ width: 4000, height: 4000 })).toBe(1);
		expect(largestPngScale({ width: 2000, height: 2000 })).toBe(2);
		expect(largestPngScale({ width: 800, height: 500 })).toBe(4);
		expect(pngBudgetProblem({ width: 2000, height: 2000 }, 2)).toBeNull();
		expect(pngBudgetProblem({ width: 4000, height: 4000 }, 2)).toContain("The largest scale for this size is 1: use scale=1");
		expect(pngBudgetProblem({ width: 8000, height: 4000 }, 1)).toContain("Even scale 1 is too large: lower w and h");
	});
});

describe("X-Render-Warnings", () => {
	const ascii = /^[\x20-\x7e]*$/;

	it("percent-encodes each warning and joins them with '; '", () => {
		expect(warningsHeaderValue([])).toBeNull();
		expect(warningsHeaderValue(["a <b>", "é\r\n"])).toBe("a%20%3Cb%3E; %C3%A9%0A");
	});

	it("stays within 1 KiB and counts what it cut", () => {
		const many = Array.from({ length: 300 }, (_, i) => `region number ${i} is not on the map`);
		const value = warningsHeaderValue(many) as string;
		expect(value.length).toBeLessThanOrEqual(1024);
		expect(value).toMatch(ascii);
		const sent = value.split("; ");
		const more = Number(/^\(\+(\d+) more\)$/.exec(sent.at(-1) as string)?.[1]);
		expect(sent.length - 1 + more).toBe(300);
		expect(decodeURIComponent(sent[0] as string)).toBe(many[0]);
	});

	it("cuts one warning too long on its own at a whole character", () => {
		const value = warningsHeaderValue([`regions not on the map: ${"ü".repeat(100_000)}\ud800`]) as string;
		expect(value.length).toBeLessThanOrEqual(1024);
		expect(value).toMatch(/\.\.\.; \(\+1 more\)$/);
		expect(() => decodeURIComponent(value.split("; ")[0] as string)).not.toThrow();
	});
});

describe("drawable text", () => {
	it("strips control characters, lone surrogates and U+FFFE/U+FFFF; keeps tabs, line breaks and emoji", () => {
		expect(drawableText("bell\u0007")).toBe("bell");
		expect(drawableText("x\u0002y\u007f\ufffe\uffff")).toBe("xy");
		expect(drawableText("a\ud800b\udc00c")).toBe("abc");
		expect(drawableText("tab\there\r\nline 😀")).toBe("tab\there\nline 😀");
		expect(wellFormedSvg("<svg>\u0001</svg>")).toBe("<svg></svg>");
	});

	it("cleans titles, column names, text cells and transform keys alike", () => {
		const dirty = input("horizontal-bar", "label,v\u0003\nx\u0002y,1\n", {
			title: "bell\u0007",
			seriesTransform: { "v\u0003": { hidden: false } },
		});
		const clean = drawableInput(dirty);
		expect(clean.meta.title).toBe("bell");
		expect(clean.dataset.columns.map((c) => c.name)).toEqual(["label", "v"]);
		expect(clean.dataset.columns[0]?.values).toEqual(["xy"]);
		expect(clean.seriesNames).toEqual(["v"]);
		expect(Object.keys(clean.meta.seriesTransform ?? {})).toEqual(["v"]);
	});
});
