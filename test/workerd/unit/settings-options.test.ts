/**
 * The chart settings of `meta` in the option builders the server and the embed share:
 * one test per setting on the option a kind builds.
 */
import { describe, expect, it } from "vitest";
import type { ChartKind } from "../../../src/domain/kinds";
import type { Meta } from "../../../src/domain/meta";
import { builtInThemes } from "../../../src/domain/themes";
import { describeChart } from "../../../src/render/describe";
import { DrawingNotes } from "../../../src/render/drawing-notes";
import type { RenderInput } from "../../../src/render/input";
import { racePlayingOption } from "../../../src/render/kinds/race";
import { cellWriter } from "../../../src/render/kinds/table-cells";
import { dateFormatter, timeTickFormatter, valueFormatter } from "../../../src/render/number-format";
import { chartOption } from "../../../src/render/option";
import { renderInputFor } from "../../harness/workerd/render-input";

const theme = (builtInThemes[0] as (typeof builtInThemes)[number]).definition;
const muted = theme.colors.light.axis;

function input(kind: ChartKind, csv: string, meta: Meta = {}): RenderInput {
	return renderInputFor({ kind, csv, meta, theme });
}

type Obj = Record<string, unknown>;

function built(kind: ChartKind, csv: string, meta: Meta = {}): { option: Obj; series: Obj[]; notes: string[] } {
	const notes = new DrawingNotes();
	const option = chartOption(input(kind, csv, meta), notes);
	return { option, series: option.series as Obj[], notes: notes.sentences };
}

const lines = "year,CPI,Core\n2019,1.8,2.1\n2020,0.9,1.6\n2021,2.6,2.0\n";
const bars = "party,Seats\nLabour,411\nConservative,121\nGreen,4\n";

/** Texts of the option's graphic elements. */
function graphicTexts(option: Obj): string[] {
	return ((option.graphic as Obj[]) ?? []).map((g) => String((g.style as Obj | undefined)?.text ?? ""));
}

describe("number format and locale", () => {
	it("writes numbers in the locale, with decimals, prefix, suffix, compact and percent", () => {
		expect(valueFormatter({ locale: "de-DE", numberFormat: { decimals: 1 } })(1234.56)).toBe("1.234,6");
		expect(valueFormatter({ locale: "en-US", numberFormat: { prefix: "$", compact: true } })(1_234_000)).toBe("$1.2M");
		expect(valueFormatter({ numberFormat: { suffix: " t", decimals: 0 } })(1500)).toBe("1,500 t");
		expect(valueFormatter({ locale: "fr-FR", numberFormat: { percent: true, decimals: 0 } })(25)).toMatch(/^25\s%$/);
	});

	it("formats value-axis labels and tooltips; dates take the locale's month names", () => {
		const monthlySales = "month,Sales\n2024-01,1200.5\n2024-02,1300\n";
		const { option } = built("line", monthlySales, { locale: "de-DE", numberFormat: { decimals: 1 } });
		const yLabel = ((option.yAxis as Obj).axisLabel as Obj).formatter as (v: number) => string;
		expect(yLabel(1200.5)).toBe("1.200,5");
		// A line's dates lie on a time axis (line-time-axis.test.ts): its ticks and tooltip header in the locale.
		const xAxis = option.xAxis as Obj;
		const xLabel = (xAxis.axisLabel as Obj).formatter as (v: number) => string;
		expect([xLabel(Date.UTC(2024, 0, 1)), xLabel(Date.UTC(2024, 1, 1))]).toEqual(["2024", "Feb. 2024"]);
		const header = ((xAxis.axisPointer as Obj).label as Obj).formatter as (p: Obj) => string;
		expect(header({ value: Date.UTC(2024, 0, 1) })).toBe("Jan. 2024");
		expect(((option.tooltip as Obj).valueFormatter as (v: number) => string)(2.5)).toBe("2,5");
		// Columns keep a category axis of dates.
		const columns = built("horizontal-bar", monthlySales, { locale: "de-DE", orientation: "vertical" }).option;
		const category = ((columns.xAxis as Obj).axisLabel as Obj).formatter as (v: string) => string;
		expect(category("2024-01")).toBe("Jan. 2024");
	});
});

describe("dates in the locale", () => {
	type Format = (p: Obj) => string;
	const monthly = "month,Sales\n2024-01,10\n2024-02,20\n2024-03,15\n";

	it("writes the generated alt text's first and last dates in the locale, and as the data has them without one", () => {
		expect(describeChart(input("line", monthly, { locale: "de-DE" }))).toContain("3 rows from Jan. 2024 to März 2024");
		expect(describeChart(input("line", monthly))).toContain("3 rows from 2024-01 to 2024-03");
	});

	it("writes days, months and date-times with the locale's names, and leaves other text alone", () => {
		const de = dateFormatter({ locale: "de-DE" });
		expect(de("2024-03-05")).toBe("5. März 2024");
		expect(de("2024-03")).toBe("März 2024");
		expect(de("2024-03-05T14:30")).toBe("5. März 2024, 14:30");
		expect(de("Bayern")).toBe("Bayern");
		expect(dateFormatter({ locale: "fr-FR" })("2024-02-01")).toBe("1 févr. 2024");
	});

	it("names the tooltip's date on a category axis in the locale (the axis pointer's label)", () => {
		const { option } = built("line", monthly, { locale: "es-ES" });
		const pointer = ((option.xAxis as Obj).axisPointer as Obj).label as Obj;
		expect((pointer.formatter as Format)({ value: "2024-02" })).toBe("feb 2024");
	});

	it("candlesticks and dots name their dates in the locale too", () => {
		const candles = built("candlestick", "day,open,high,low,close\n2024-01-02,1,3,0.5,2\n2024-01-03,2,4,1,3\n", { locale: "it-IT" });
		const xAxis = ([candles.option.xAxis].flat()[0] ?? {}) as Obj;
		expect(((xAxis.axisLabel as Obj).formatter as (v: string) => string)("2024-01-02")).toBe("2 gen 2024");
	});

	it("writes a time axis's ticks in the locale (themeriver)", () => {
		const { option } = built("themeriver", "day,A,B\n2024-01-01,1,2\n2024-02-01,2,3\n2024-03-01,3,1\n", { locale: "de-DE" });
		const label = (option.singleAxis as Obj).axisLabel as Obj;
		// As a line's time axis writes them: a month with its year.
		expect((label.formatter as (v: number) => string)(Date.UTC(2024, 2, 1))).toBe("März 2024");
		expect(timeTickFormatter({ locale: "de-DE" })(Date.UTC(2024, 0, 1))).toBe("2024");
		expect(timeTickFormatter({ locale: "de-DE" })(Date.UTC(2024, 2, 5))).toBe("5. März");
	});

	it("names a calendar's months and days in the locale", () => {
		const days = Array.from({ length: 40 }, (_, i) => `${new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10)},${i}`).join("\n");
		const { option } = built("heatmap", `day,visits\n${days}\n`, { locale: "fr-FR" });
		const calendar = (option.calendar as Obj[])[0] as Obj;
		expect(((calendar.monthLabel as Obj).nameMap as string[]).slice(0, 2)).toEqual(["janv.", "févr."]);
		expect((calendar.dayLabel as Obj).nameMap).toHaveLength(7);
		const tooltip = ((option.series as Obj[])[0] as Obj).tooltip as Obj;
		expect((tooltip.formatter as Format)({ data: ["2024-01-03", 2], marker: "" })).toBe("3 janv. 2024&nbsp;&nbsp;<b>2</b>");
	});

	it("names a pie's date slices in the locale in labels, legend and tooltip", () => {
		const { option, series } = built("pie", monthly, { locale: "de-DE", labels: { values: "all" } });
		const pie = series[0] as Obj;
		expect(((pie.label as Obj).formatter as Format)({ name: "2024-03", value: 15 })).toBe("März 2024: 15");
		expect(((option.legend as Obj).formatter as (n: string) => string)("2024-01")).toBe("Jan. 2024");
		expect(((pie.tooltip as Obj).formatter as Format)({ name: "2024-02", value: 20, percent: 44.44, marker: "" })).toBe(
			"Feb. 2024&nbsp;&nbsp;<b>20</b> (44.44%)",
		);
	});

	it("names a radar's spokes and a treemap's boxes in the locale", () => {
		const radar = built("radar", monthly, { locale: "pl-PL" });
		expect((((radar.option.radar as Obj).axisName as Obj).formatter as (n: string) => string)("2024-02")).toBe("lut 2024");
		const treemap = built("treemap", monthly, { locale: "nl-NL" });
		expect((((treemap.series[0] as Obj).label as Obj).formatter as Format)({ name: "2024-03" })).toBe("mrt 2024");
	});

	it("names a heatmap cell's dates in the tooltip, escaping its text", () => {
		const { series } = built("heatmap", "month,team,n\n2024-01,<b>A</b>,3\n2024-02,B,4\n", { locale: "de-DE" });
		const tooltip = (series[0] as Obj).tooltip as Obj;
		expect((tooltip.formatter as Format)({ data: ["2024-01", "<b>A</b>", 3.5], marker: "" })).toBe(
			"Jan. 2024 · &lt;b&gt;A&lt;/b&gt;&nbsp;&nbsp;<b>3,5</b>",
		);
	});

	it("writes table dates and a race's period in the locale; without a locale dates stay as written", () => {
		const table = input("table", "day,n\n2024-03-05,1\n", { locale: "sv-SE" });
		const dayColumn = table.dataset.columns[0] as Parameters<ReturnType<typeof cellWriter>>[0];
		expect(cellWriter(table)(dayColumn, "2024-03-05")).toBe("5 mars 2024");
		expect(cellWriter({ ...table, meta: {} })(dayColumn, "2024-03-05")).toBe("2024-03-05");
		const race = built("horizontal-bar", "month,A,B\n2024-01,1,2\n2024-02,3,1\n", { locale: "de-DE", race: { enabled: true } });
		expect(graphicTexts(race.option)).toContain("Feb. 2024");
		// Without a locale a line's time axis writes its ticks as the data writes dates.
		const plain = built("line", monthly);
		const tick = ((plain.option.xAxis as Obj).axisLabel as Obj).formatter as (v: number) => string;
		expect([tick(Date.UTC(2024, 0, 1)), tick(Date.UTC(2024, 2, 1))]).toEqual(["2024", "2024-03"]);
		const columns = built("horizontal-bar", monthly, { orientation: "vertical" });
		expect(((columns.option.xAxis as Obj).axisLabel as Obj).formatter).toBeUndefined();
	});
});

describe("footer: notes, byline", () => {
	it("draws notes above the source line and the byline beside it", () => {
		const { option } = built("line", lines, { sourceText: "Source: BLS", notes: "Provisional figures", byline: "Jane Doe" });
		const graphics = option.graphic as Obj[];
		const find = (text: string) => graphics.find((g) => (g.style as Obj).text === text) as Obj;
		expect(find("Source: BLS")).toMatchObject({ left: 16, bottom: 16 });
		expect(find("Chart: Jane Doe")).toMatchObject({ right: 16, bottom: 16 });
		expect(Number(find("Provisional figures").bottom)).toBeGreaterThan(16);
	});

	it("wraps long notes and cuts them at four lines", () => {
		const { option } = built("line", lines, { notes: "word ".repeat(400) });
		const noteLines = graphicTexts(option).filter((t) => t.startsWith("word"));
		expect(noteLines).toHaveLength(4);
		expect(noteLines.at(-1)).toMatch(/…$/);
	});
});

describe("axes", () => {
	it("titles, ranges, ticks, grid and hidden axes", () => {
		const { option } = built("line", lines, {
			axes: { y: { title: "Change, %", min: 0, max: 10, ticks: 5, grid: false }, x: { hidden: true } },
		});
		expect(option.yAxis).toMatchObject({ name: "Change, %", min: 0, max: 10, splitNumber: 5, splitLine: { show: false } });
		expect(option.xAxis).toMatchObject({ axisLabel: { show: false }, axisLine: { show: false } });
	});

	it("a log scale leaves out zero and negative values and says so", () => {
		const { option, series, notes } = built("line", "year,Cases\n2019,0\n2020,12\n2021,340\n", { axes: { y: { scale: "log" } } });
		expect(option.yAxis).toMatchObject({ type: "log" });
		// A line of years holds [year, value] pairs (line-time-axis.test.ts); the left-out value keeps its year.
		expect((series[0] as Obj).data).toEqual([
			[2019, null],
			[2020, 12],
			[2021, 340],
		]);
		expect(notes).toContain("1 zero or negative value is left out of the log scale on the y axis");
	});
});

describe("log scale on kinds that cannot leave points out", () => {
	it("a box plot keeps a linear scale and says so (a null box crashed ECharts)", () => {
		const { option, notes } = built("boxplot", "group,value\na,-1\na,2\na,5\nb,0\nb,3\n", {
			axes: { y: { scale: "log", title: "Value" } },
		});
		expect(option.yAxis).toMatchObject({ type: "value", name: "Value" });
		expect(notes).toContain("a log scale is drawn on line, bar, scatter and dot charts; this boxplot chart keeps a linear scale");
	});
});

describe("series style and highlight", () => {
	it("colours, names and dashes a series", () => {
		const { series, option } = built("line", lines, {
			seriesStyle: { Core: { color: "#ff0000", label: "Core inflation", line: "dashed", width: 3, symbols: false } },
		});
		const core = series[1] as Obj;
		expect(core.name).toBe("Core inflation");
		expect(core.lineStyle).toMatchObject({ color: "#ff0000", type: "dashed", width: 3 });
		expect(core.showSymbol).toBe(false);
		expect((option.legend as Obj).show).toBe(true);
	});

	it("mutes the series not highlighted", () => {
		const { series } = built("line", lines, { highlight: ["CPI"] });
		expect(((series[0] as Obj).lineStyle as Obj).color).toBe(theme.colors.light.palette[0]);
		expect(((series[1] as Obj).lineStyle as Obj).color).toBe(muted);
	});

	it("highlights one category of a one-series bar chart", () => {
		const { series } = built("horizontal-bar", bars, { highlight: ["Labour"] });
		const data = (series[0] as Obj).data as Obj[];
		expect(((data[0] as Obj).itemStyle as Obj).color).toBe(theme.colors.light.palette[0]);
		expect(((data[1] as Obj).itemStyle as Obj).color).toBe(muted);
	});

	it("names highlights that match nothing", () => {
		expect(built("line", lines, { highlight: ["Nope"] }).notes.join()).toContain(
			"highlight names no series or category of this chart: Nope",
		);
	});
});

describe("labels and legend", () => {
	it("value labels on bars, formatted", () => {
		const { series } = built("horizontal-bar", bars, { labels: { values: "all" }, numberFormat: { suffix: " seats" } });
		const label = (series[0] as Obj).label as Obj;
		expect(label).toMatchObject({ show: true, position: "right" });
		expect((label.formatter as (p: Obj) => string)({ value: 411 })).toBe("411 seats");
	});

	it("the last point of a line, and direct labels that replace the legend", () => {
		const last = (built("line", lines, { labels: { values: "last" } }).series[0] as Obj).data as unknown[];
		// A line of years holds [year, value] pairs (line-time-axis.test.ts).
		expect(last[2]).toMatchObject({ value: [2021, 2.6], label: { show: true } });
		expect(last[1]).toEqual([2020, 0.9]);
		const direct = built("line", lines, { labels: { direct: true } });
		expect((direct.option.legend as Obj).show).toBe(false);
		expect((direct.series[0] as Obj).endLabel).toMatchObject({ show: true });
		expect((((direct.series[0] as Obj).endLabel as Obj).formatter as (p: Obj) => string)({ value: [2021, 2.6] })).toBe("CPI");
		const plain = built("line", lines);
		expect(Number((direct.option.grid as Obj).right)).toBeGreaterThan(Number((plain.option.grid as Obj).right));
	});

	it("places the legend at the bottom, on the right, or nowhere", () => {
		expect(built("line", lines, { legend: { position: "bottom" } }).option.legend).toMatchObject({ show: true, bottom: 16 });
		expect(built("line", lines, { legend: { position: "right" } }).option.legend).toMatchObject({
			show: true,
			orient: "vertical",
			right: 16,
		});
		expect(built("line", lines, { legend: { position: "none" } }).option.legend).toMatchObject({ show: false });
	});
});

describe("annotations", () => {
	const annotations: Meta["annotations"] = [
		{ type: "line", axis: "y", value: 2, label: "Target" },
		{ type: "range", axis: "x", from: "2019", to: "2020", label: "Recession" },
		{ type: "text", x: "2021", y: 2.6, text: "Peak" },
	];

	it("draws reference lines, shaded ranges and notes on the first series", () => {
		const { series } = built("line", lines, { annotations });
		const first = series[0] as Obj;
		expect((first.markLine as Obj).data).toEqual([
			expect.objectContaining({ yAxis: 2, label: expect.objectContaining({ formatter: "Target" }) }),
		]);
		// Years lie on a value axis (line-time-axis.test.ts): annotations at "2020" are placed at the number.
		expect(((first.markArea as Obj).data as Obj[][])[0]?.[1]).toEqual({ xAxis: 2020 });
		expect(((first.markPoint as Obj).data as Obj[])[0]).toMatchObject({ coord: [2021, 2.6], label: { formatter: "Peak" } });
		expect((series[1] as Obj).markLine).toBeUndefined();
	});

	it("leaves out an annotation off the axes, and kinds without axes draw none, saying so", () => {
		// A year line's x is a value axis, which widens to a year before its data; a name it cannot place is left out.
		const { notes } = built("line", lines, { annotations: [{ type: "line", axis: "x", value: "Q3" }] });
		expect(notes.join()).toContain("not on the chart's axes and left out: the line at x = Q3");
		const text = built("line", "party,Seats\nA,1\nB,2\n", { annotations: [{ type: "line", axis: "x", value: "1999" }] });
		expect(text.notes.join()).toContain("not on the chart's axes and left out: the line at x = 1999");
		const pie = built("pie", bars, { annotations });
		expect(pie.notes.join()).toContain("this pie chart draws none of its 3");
		expect((pie.series[0] as Obj).markLine).toBeUndefined();
	});
});

describe("colour scale", () => {
	const heat = "day,hour,visits\nMon,9,-10\nMon,10,30\nTue,9,5\n";

	it("diverging scales centre on zero", () => {
		const { option } = built("heatmap", heat, { colorScale: { type: "diverging", colors: ["#0000ff", "#ffffff", "#ff0000"] } });
		expect(option.visualMap).toMatchObject({ min: -30, max: 30, inRange: { color: ["#0000ff", "#ffffff", "#ff0000"] } });
	});

	it("steps cut the range into classes", () => {
		const { option } = built("map", "country,v\nFRA,1\nDEU,5\n", {
			colorScale: { type: "steps", steps: 4, colors: ["#000000", "#ffffff"], min: 0, max: 8 },
		});
		const pieces = (option.visualMap as Obj).pieces as Obj[];
		expect(pieces).toHaveLength(4);
		expect(pieces.map((p) => p.color)).toEqual(["#000000", "#555555", "#aaaaaa", "#ffffff"]);
		expect(pieces[1]).toMatchObject({ min: 2, lt: 4 });
	});
});

describe("bar race", () => {
	const race = "year,China,India,USA\n2000,1263,1057,282\n2023,1410,1429,335\n";

	it("draws the last period's bars, sorted, with the period written large", () => {
		const { option, series } = built("horizontal-bar", race, { race: { enabled: true } });
		expect((option.yAxis as Obj).data).toEqual(["India", "China", "USA"]);
		expect(((series[0] as Obj).data as Obj[]).map((d) => d.value)).toEqual([1429, 1410, 335]);
		expect(graphicTexts(option)).toContain("2023");
	});

	it("draws race.period, and each entity keeps its colour", () => {
		const { option, series } = built("horizontal-bar", race, {
			race: { enabled: true, period: "2000" },
			seriesStyle: { India: { color: "#ff7f0e" } },
		});
		expect((option.yAxis as Obj).data).toEqual(["China", "India", "USA"]);
		expect(((((series[0] as Obj).data as Obj[])[1] as Obj).itemStyle as Obj).color).toBe("#ff7f0e");
		expect(graphicTexts(option)).toContain("2000");
	});

	it("labels the bars with their values unless labels.values is none", () => {
		expect(((built("horizontal-bar", race, { race: { enabled: true } }).series[0] as Obj).label as Obj).show).toBe(true);
		expect((built("horizontal-bar", race, { race: { enabled: true }, labels: { values: "none" } }).series[0] as Obj).label).toBeUndefined();
	});

	it("plays with the entities in place and ECharts sorting the bars, values counting up", () => {
		const raceInput = input("horizontal-bar", race, { race: { enabled: true } });
		const playing = racePlayingOption(chartOption(raceInput), raceInput);
		expect((playing.yAxis as Obj).data).toEqual(["China", "India", "USA"]);
		const bars = (playing.series as Obj[])[0] as Obj;
		expect(bars.realtimeSort).toBe(true);
		expect(bars.id).toBe("race");
		expect((bars.data as Obj[]).map((d) => d.value)).toEqual([1410, 1429, 335]);
		expect((bars.label as Obj).valueAnimation).toBe(true);
		const notRace = input("horizontal-bar", race);
		expect(racePlayingOption(chartOption(notRace), notRace).series).toEqual(chartOption(notRace).series);
	});
});

describe("table", () => {
	const table = "Land,Inflation\nBayern,5.6\nBerlin,6.1\nBremen,6.0\n";

	it("sorts rows, writes numbers in the locale and colours heat columns", () => {
		const { option } = built("table", table, {
			locale: "de-DE",
			table: { sortBy: "Inflation", sortDirection: "desc", heatmap: ["Inflation"] },
		});
		const texts = graphicTexts(option).filter(Boolean);
		expect(texts.slice(texts.indexOf("Inflation") + 1, texts.indexOf("Inflation") + 4)).toEqual(["6,1", "6", "5,6"]);
		const fills = (option.graphic as Obj[]).filter((g) => g.type === "rect").map((g) => (g.style as Obj).fill);
		expect(new Set(fills).size).toBeGreaterThan(2);
	});

	it("names a sort column that does not exist", () => {
		expect(built("table", table, { table: { sortBy: "Nope" } }).notes.join()).toContain(
			'table.sortBy names no column of this table ("Nope")',
		);
	});
});
