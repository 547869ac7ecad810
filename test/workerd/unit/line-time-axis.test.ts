/**
 * A line chart spaces its rows by what its x says: dates on a time axis, numbers (years among
 * them) on a value axis, so 1950 → 1990 is drawn forty times as wide as 2020 → 2021 and the
 * slopes tell the truth. Text stays a category axis, one even step per row. Gaps, annotations,
 * value labels and the embed's tips follow the pairs.
 */
import { describe, expect, it } from "vitest";
import type { Meta } from "../../../src/domain/meta";
import { tipLayout, tipTexts } from "../../../src/embed/tips/extract";
import { DrawingNotes } from "../../../src/render/drawing-notes";
import type { RenderInput } from "../../../src/render/input";
import { chartOption } from "../../../src/render/option";
import type { LaidOutChart } from "../../../src/render/svg";
import { drawSvg } from "../../../src/render/svg";
import { renderInputFor } from "../../harness/workerd/render-input";

type Axis = { type?: string; data?: unknown[]; min?: unknown; max?: unknown; axisLabel?: { formatter?: unknown } };
type Series = { type?: string; data?: unknown[]; connectNulls?: boolean; markLine?: { data?: Record<string, unknown>[] } };

const population = "year,population\n1950,100\n1990,140\n2000,150\n2010,160\n2020,170\n2021,171\n2022,172\n2023,173\n";

function input(csv: string, meta: Meta = {}, width = 800): RenderInput {
	return renderInputFor({ kind: "line", csv, meta, width });
}

function xAxisOf(option: Record<string, unknown>): Axis {
	return option.xAxis as Axis;
}

function seriesOf(option: Record<string, unknown>): Series[] {
	return option.series as Series[];
}

/** The chart laid out as the server draws it, read before it is disposed. */
function laidOut<T>(chartInput: RenderInput, read: (chart: LaidOutChart) => T): T {
	let result: T | undefined;
	drawSvg(chartInput, false, (chart) => {
		result = read(chart);
	});
	return result as T;
}

/** The x pixel of each point of the first line, as the embed's tips read them. */
function pointXs(chartInput: RenderInput): number[] {
	const layout = laidOut(chartInput, (chart) => tipLayout(chart, chartInput));
	const marks = (layout?.marks ?? []) as (number[] | null)[][];
	return (marks[0] ?? []).map((mark) => mark?.[0] ?? Number.NaN);
}

describe("a line's x axis by its column's type", () => {
	it("places years on a value axis from the first year to the last, written without separators", () => {
		const option = chartOption(input(population, { locale: "de-DE" }));
		const axis = xAxisOf(option);
		expect(axis.type).toBe("value");
		expect([axis.min, axis.max]).toEqual([1950, 2023]);
		const label = axis.axisLabel?.formatter as (v: number) => string;
		expect(label(2020)).toBe("2020");
		expect(seriesOf(option)[0]?.data?.slice(0, 2)).toEqual([
			[1950, 100],
			[1990, 140],
		]);
	});

	it("places dates on a time axis, in UTC, with ticks written as the data writes dates", () => {
		const option = chartOption(input("month,value\n2023-11,1\n2024-01,2\n2024-03,3\n2024-04,4\n"));
		const axis = xAxisOf(option);
		expect(axis.type).toBe("time");
		expect(option.useUTC).toBe(true);
		expect(seriesOf(option)[0]?.data?.[0]).toEqual([Date.UTC(2023, 10, 1), 1]);
		const tick = axis.axisLabel?.formatter as (v: number) => string;
		expect([tick(Date.UTC(2024, 0, 1)), tick(Date.UTC(2024, 2, 1)), tick(Date.UTC(2024, 2, 5))]).toEqual(["2024", "2024-03", "2024-03-05"]);
	});

	it("ticks whole decades, months and years rather than from the first row by odd steps", () => {
		const years = Array.from({ length: 11 }, (_, i) => `${1955 + i * 5}-01,${i}`).join("\n");
		const decades = xAxisOf(chartOption(input(`period,value\n${years}\n`))).axisLabel as { customValues?: number[] };
		expect(decades.customValues).toEqual([1960, 1970, 1980, 1990, 2000].map((y) => Date.UTC(y, 0, 1)));
		const months = Array.from({ length: 6 }, (_, i) => `2024-0${i + 1},${i}`).join("\n");
		const monthly = xAxisOf(chartOption(input(`month,value\n${months}\n`))).axisLabel as { customValues?: number[] };
		expect(monthly.customValues).toEqual([0, 1, 2, 3, 4, 5].map((m) => Date.UTC(2024, m, 1)));
		// Three months are ticked by month, never by week, and in the locale a month names its year.
		const quarter = xAxisOf(chartOption(input("month,value\n2024-01,1\n2024-02,2\n2024-03,3\n", { locale: "de-DE" }))).axisLabel as {
			customValues?: number[];
			formatter?: (v: number) => string;
		};
		expect(quarter.customValues?.map((t) => quarter.formatter?.(t))).toEqual(["2024", "Feb. 2024", "März 2024"]);
		const narrow = xAxisOf(chartOption(input(population, {}, 390))).axisLabel as { customValues?: number[] };
		expect(narrow.customValues).toEqual([1960, 1980, 2000, 2020]);
		const wide = xAxisOf(chartOption(input(population))).axisLabel as { customValues?: number[] };
		expect(wide.customValues).toEqual([1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020]);
	});

	it("places other numbers on a value axis and keeps text a category axis exactly as before", () => {
		expect(xAxisOf(chartOption(input("dose,effect\n0.5,1\n1,2\n4,3\n"))).type).toBe("value");
		const text = chartOption(input("party,a\nGreens,1\nLabour,2\n"));
		expect(xAxisOf(text)).toMatchObject({ type: "category", data: ["Greens", "Labour"] });
		expect(seriesOf(text)[0]?.data).toEqual([1, 2]);
	});
});

describe("a line spaced by time", () => {
	it("draws each year at its distance from the others: 1950 → 1990 forty times 2020 → 2021", () => {
		const [x1950, x1990, , , x2020, x2021] = pointXs(input(population)) as number[];
		const perYear = ((x2021 as number) - (x2020 as number)) / 1;
		expect(perYear).toBeGreaterThan(0);
		expect(((x1990 as number) - (x1950 as number)) / perYear).toBeCloseTo(40, 0);
		expect(((x2020 as number) - (x1950 as number)) / perYear).toBeCloseTo(70, 0);
	});

	it("draws daily data with gaps in its calendar, not one step per row", () => {
		const xs = pointXs(input("date,value\n2024-01-01,1\n2024-01-02,2\n2024-01-10,3\n2024-02-09,4\n"));
		const perDay = (xs[1] as number) - (xs[0] as number);
		expect(((xs[2] as number) - (xs[1] as number)) / perDay).toBeCloseTo(8, 0);
		expect(((xs[3] as number) - (xs[2] as number)) / perDay).toBeCloseTo(30, 0);
	});

	it("still breaks the line at a missing value", () => {
		const chartInput = input("year,a\n2000,1\n2001,\n2003,3\n");
		const series = seriesOf(chartOption(chartInput))[0];
		expect(series?.connectNulls).toBe(false);
		expect(series?.data?.[1]).toEqual([2001, null]);
		const layout = laidOut(chartInput, (chart) => tipLayout(chart, chartInput));
		expect(((layout?.marks ?? []) as (number[] | null)[][])[0]?.[1]).toBeNull();
	});

	it("stacks pairs as it stacked values", () => {
		const option = chartOption(input("year,a,b\n2000,1,3\n2010,2,2\n", { stack: "percent" }));
		expect(seriesOf(option).map((s) => s.data)).toEqual([
			[
				[2000, 25],
				[2010, 50],
			],
			[
				[2000, 75],
				[2010, 50],
			],
		]);
	});

	it("writes value labels from the point's value, not its year", () => {
		const option = chartOption(input(population, { labels: { values: "last" } }));
		const data = seriesOf(option)[0]?.data ?? [];
		const last = data.at(-1) as { value: unknown; label: { formatter: (p: { value: unknown }) => string } };
		expect(last.label.formatter({ value: last.value })).toBe("173");
	});
});

describe("highlight on a time-spaced line", () => {
	it("keeps a highlighted year's point in colour and names no unknown category", () => {
		const notes = new DrawingNotes();
		const option = chartOption(input(population, { highlight: ["2020"] }), notes);
		const data = (seriesOf(option)[0]?.data ?? []) as { value: unknown[]; itemStyle: { color: string } }[];
		const colours = new Set(data.map((d) => d.itemStyle.color));
		expect(data[4]?.value).toEqual([2020, 170]);
		expect(colours.size).toBe(2);
		expect(data.filter((d) => d.itemStyle.color === data[4]?.itemStyle.color)).toHaveLength(1);
		expect(notes.sentences.join()).not.toContain("highlight names no series or category");
	});
});

describe("annotations on a time-spaced line", () => {
	it("puts a line at 1999 between 1990 and 2000", () => {
		const chartInput = input(population, { annotations: [{ type: "line", axis: "x", value: "1999", label: "Then" }] });
		const option = chartOption(chartInput);
		expect(seriesOf(option)[0]?.markLine?.data?.[0]).toMatchObject({ xAxis: 1999 });
		const [x1999, x1990, x2000] = laidOut(chartInput, (chart) =>
			[1999, 1990, 2000].map((year) => chart.convertToPixel({ xAxisIndex: 0 }, year) as number),
		);
		expect(x1999).toBeGreaterThan(x1990 as number);
		expect(x1999).toBeLessThan(x2000 as number);
		expect(((x1999 as number) - (x1990 as number)) / ((x2000 as number) - (x1990 as number))).toBeCloseTo(0.9, 2);
	});

	it("puts a range of dates at those dates, and widens the axis to one before the data", () => {
		const chartInput = input("month,value\n2024-01,1\n2024-02,2\n2024-06,3\n", {
			annotations: [
				{ type: "range", axis: "x", from: "2024-03", to: "2024-04", label: "Spring" },
				{ type: "line", axis: "x", value: "2023" },
			],
		});
		const option = chartOption(chartInput);
		const series = seriesOf(option)[0] as Series & { markArea?: { data?: Record<string, unknown>[][] } };
		expect(series.markArea?.data?.[0]?.map((end) => end.xAxis)).toEqual([Date.UTC(2024, 2, 1), Date.UTC(2024, 3, 1)]);
		expect(series.markLine?.data?.[0]).toMatchObject({ xAxis: Date.UTC(2023, 0, 1) });
		expect(xAxisOf(option).min).toBe(Date.UTC(2023, 0, 1));
	});

	it("reads a note's x on a time axis as a date, a year or the ms the editor reads off the axis", () => {
		const at = (x: string | number) => {
			const option = chartOption(input("month,value\n2023-01,1\n2024-06,3\n", { annotations: [{ type: "text", x, y: 2, text: "Note" }] }));
			const points = (seriesOf(option)[0] as Series & { markPoint?: { data?: { coord?: unknown[] }[] } }).markPoint?.data ?? [];
			return points[0]?.coord?.[0];
		};
		expect([at("2024-02-15"), at("2024"), at(2024), at(Date.UTC(2023, 6, 1))]).toEqual([
			Date.UTC(2024, 1, 15),
			Date.UTC(2024, 0, 1),
			Date.UTC(2024, 0, 1),
			Date.UTC(2023, 6, 1),
		]);
	});
});

describe("the embed's tips on a time-spaced line", () => {
	it("name each period as the data writes it, and give its value", () => {
		const chartInput = input(population);
		const texts = laidOut(chartInput, (chart) => tipTexts(chart, chartInput));
		expect(texts?.categories?.map((c) => c.header)).toEqual(["1950", "1990", "2000", "2010", "2020", "2021", "2022", "2023"]);
		expect(texts?.categories?.[1]?.values).toEqual(["140"]);
		const layout = laidOut(chartInput, (chart) => tipLayout(chart, chartInput));
		expect(layout?.positions).toEqual(((layout?.marks ?? []) as (number[] | null)[][])[0]?.map((m) => m?.[0]));
	});

	it("write dates in the chart's locale", () => {
		const chartInput = input("month,Umsatz\n2024-01,1200.5\n2024-03,1250\n", { locale: "de-DE" });
		const texts = laidOut(chartInput, (chart) => tipTexts(chart, chartInput));
		expect(texts?.categories?.map((c) => c.header)).toEqual(["Jan. 2024", "März 2024"]);
		expect(texts?.categories?.[0]?.values).toEqual(["1.200,5"]);
	});
});

describe("small multiples spaced by time", () => {
	it("give every panel the line's time-spaced x axis", () => {
		const chartInput = renderInputFor({ kind: "multiples", csv: "year,North,South\n1950,1,2\n1990,2,3\n2020,3,4\n2021,4,5\n" });
		const option = chartOption(chartInput);
		const axes = option.xAxis as Axis[];
		expect(axes.map((axis) => axis.type)).toEqual(["value", "value"]);
		expect(axes.map((axis) => [axis.min, axis.max])).toEqual([
			[1950, 2021],
			[1950, 2021],
		]);
		expect(seriesOf(option)[1]?.data?.[1]).toEqual([1990, 3]);
		const xs = laidOut(chartInput, (chart) =>
			[1950, 1990, 2020, 2021].map((year) => chart.convertToPixel({ xAxisIndex: 1 }, year) as number),
		);
		const perYear = (xs[3] as number) - (xs[2] as number);
		expect(((xs[1] as number) - (xs[0] as number)) / perYear).toBeCloseTo(40, 0);
	});
});
