import { describe, expect, it } from "vitest";
import type { DrawnMark } from "../../../src/domain/color-checks";
import { chartColorChecks, comparedPairs, maxComparedColors, sameColorPairs } from "../../../src/domain/color-checks";
import { colorChecksOf } from "../../../src/domain/color-checks-chart";
import { drawnColors } from "../../../src/domain/color-checks-drawn";
import { ColorDistances } from "../../../src/domain/color-distances";
import { maxColorComparisons } from "../../../src/domain/color-suggestions";
import { parseCsv } from "../../../src/domain/csv-parse";
import type { ChartKind } from "../../../src/domain/kinds";
import { seriesForLayout } from "../../../src/domain/layouts";
import type { Meta } from "../../../src/domain/meta";
import { contrastRatio, leastDistance } from "../../../src/domain/theme-checks";
import { findBuiltInTheme } from "../../../src/domain/themes";
import { echarts } from "../../../src/render/echarts";
import type { RenderInput } from "../../../src/render/input";
import { chartOption } from "../../../src/render/option";

const theme = findBuiltInTheme("classic")?.definition;
if (!theme) throw new Error("no classic theme");
const csv = "year,North,South,East\n2020,1,3,4\n2021,2,2,5\n";

function input(kind: ChartKind, meta: Meta, mode: "light" | "dark" = "light"): RenderInput {
	const dataset = parseCsv(csv);
	return {
		kind,
		dataset,
		seriesNames: seriesForLayout(kind, dataset),
		meta,
		theme: theme as NonNullable<typeof theme>,
		mode,
		width: 800,
		height: 500,
		transparent: false,
		fromStatistics: false,
	};
}

function checksOf(kind: ChartKind, meta: Meta) {
	const base = input(kind, meta);
	return colorChecksOf({ meta, seriesNames: base.seriesNames, theme: base.theme }, (mode) => chartOption(input(kind, meta, mode)));
}

describe("a chart's colour checks", () => {
	it("has nothing to say of a chart in the theme's own colours", async () => {
		expect(await checksOf("line", { annotations: [{ type: "text", x: "2020", y: 2, text: "Note" }] })).toEqual([]);
	});

	it("warns of a #bbbbbb series on white, in light mode only, with a fix that passes both backgrounds", async () => {
		const checks = await checksOf("line", { seriesStyle: { North: { color: "#bbbbbb" } } });
		expect(checks.map((c) => c.id)).toEqual(["contrast:light:series:North"]);
		const [pale] = checks;
		expect(pale?.message).toBe("Series “North” (#bbbbbb) is 1.91:1 on the light background (#ffffff); needs 3:1.");
		const fix = pale?.suggestion?.color as string;
		expect(pale?.suggestion?.series).toBe("North");
		expect(contrastRatio(fix, theme.colors.light.background)).toBeGreaterThanOrEqual(3);
		expect(contrastRatio(fix, theme.colors.dark.background)).toBeGreaterThanOrEqual(3);
		// Taking it leaves nothing to warn about.
		expect(await checksOf("line", { seriesStyle: { North: { color: fix } } })).toEqual([]);
	});

	it("finds two neighbouring reds confusable under deuteranopia and suggests a colour apart from every series", async () => {
		const checks = await checksOf("line", { seriesStyle: { North: { color: "#d62728" }, South: { color: "#e8601c" } } });
		const pair = checks.find((c) => c.id === "cvd:North:South");
		expect(pair?.modes).toEqual(["light", "dark"]);
		expect(pair?.message).toMatch(
			/^In light and dark mode, series “North” \(#d62728\) and “South” \(#e8601c\) are hard to tell apart with deuteranopia/,
		);
		const fix = pair?.suggestion?.color as string;
		expect(pair?.suggestion?.series).toBe("South");
		expect(leastDistance(fix, "#d62728")).toBeGreaterThanOrEqual(10);
		expect(await checksOf("line", { seriesStyle: { North: { color: "#d62728" }, South: { color: fix } } })).toEqual([]);
	});

	it("says a text colour is the theme's and offers no fix", () => {
		const checks = chartColorChecks([
			{
				mode: "light",
				background: "#ffffff",
				palette: [],
				marks: [],
				texts: [
					{ role: "Axis labels", color: "#aaaaaa", minimum: 4.5 },
					{ role: "The subtitle", color: "#aaaaaa", minimum: 4.5 },
				],
			},
		]);
		expect(checks).toHaveLength(1);
		expect(checks[0]?.message).toMatch(/^Axis labels and The subtitle \(#aaaaaa\) are 2\.32:1 .* the theme's/);
		expect(checks[0]?.suggestion).toBeUndefined();
	});

	it("checks annotation text in the colour the renderer draws it", async () => {
		const option = chartOption(input("line", { annotations: [{ type: "text", x: "2020", y: 2, text: "Note" }] }));
		const drawn = drawnColors(option, { mode: "light", background: "#ffffff", palette: [], displayNames: new Map() });
		expect(drawn.texts.filter((t) => t.role === "Annotations").map((t) => t.color)).toEqual([theme.colors.light.text]);
	});

	it.each([
		["line", {}],
		["dot", {}],
		["horizontal-bar", { highlight: ["South"] }],
		["pie", {}],
		["multiples", { seriesStyle: { South: { color: "#123456" } } }],
	] as const)("reads %s series colours as ECharts draws them", (kind, meta) => {
		const option = chartOption(input(kind, meta as Meta));
		const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: 800, height: 500 });
		try {
			chart.setOption({ ...option, animation: false });
			type Data = { count(): number; getName(i: number): string; getItemVisual(i: number, key: "style"): { fill?: string } };
			type Model = { getSeries(): { subType: string; name: string; getData(): Data }[] };
			const filled = new Map<string, string>();
			for (const series of (chart as unknown as { getModel(): Model }).getModel().getSeries()) {
				const data = series.getData();
				if (series.subType === "pie")
					for (let i = 0; i < data.count(); i++) filled.set(data.getName(i), String(data.getItemVisual(i, "style").fill));
				else filled.set(series.name, String(data.getItemVisual(0, "style").fill));
			}
			const svg = chart.renderToSVGString().toLowerCase();
			const marks = drawnColors(option, { mode: "light", background: "#ffffff", palette: [], displayNames: new Map() }).marks;
			expect(marks.length).toBeGreaterThan(0);
			for (const mark of marks) {
				const color = mark.color.toLowerCase();
				// Lines are drawn in their line colour (a stroke); other marks take ECharts' fill.
				if (kind === "line" || kind === "multiples") expect(svg).toContain(`stroke="${color}"`);
				else if (!mark.name.includes("/")) expect([mark.name, color]).toEqual([mark.name, filled.get(mark.name)?.toLowerCase()]);
				else expect(svg).toContain(`fill="${color}"`);
			}
		} finally {
			chart.dispose();
		}
	});

	it("gives every series without a colour of its own the palette colour of its place, whichever series have one", () => {
		const palette = theme.colors.light.palette;
		const strokes = (meta: Meta) =>
			drawnColors(chartOption(input("line", meta)), { mode: "light", background: "#ffffff", palette, displayNames: new Map() }).marks.map(
				(mark) => mark.color.toLowerCase(),
			);
		const plain = strokes({});
		expect(plain).toEqual(palette.slice(0, 3).map((c) => c.toLowerCase()));
		expect(strokes({ seriesStyle: { North: { color: "#ffe680" } } })).toEqual(["#ffe680", plain[1], plain[2]]);
		expect(strokes({ seriesStyle: { South: { color: "#ffe680" } } })).toEqual([plain[0], "#ffe680", plain[2]]);
	});
});

describe("two series in one colour", () => {
	const eight = parseCsv(
		`year,${Array.from({ length: 8 }, (_, i) => `S${i + 1}`).join(",")}\n2020,1,2,3,4,5,6,7,8\n2021,2,3,4,5,6,7,8,9\n`,
	);
	const sameIds = async (kind: ChartKind) => {
		const seriesNames = seriesForLayout(kind, eight);
		const make = (mode: "light" | "dark") =>
			chartOption({ ...input(kind, {}, mode), dataset: eight, seriesNames, theme: theme as NonNullable<typeof theme> });
		const checks = await colorChecksOf({ meta: {}, seriesNames, theme: theme as NonNullable<typeof theme> }, make);
		return checks.filter((c) => c.id.startsWith("same:")).map((c) => c.id);
	};

	it("is a finding once the palette comes round again, but not in small multiples, where each series has a panel of its own", async () => {
		expect(theme.colors.light.palette).toHaveLength(6);
		expect(await sameIds("line")).toEqual(["same:S1:S7", "same:S2:S8"]);
		expect(await sameIds("multiples")).toEqual([]);
	});
});

function marksIn(colors: readonly string[]): DrawnMark[] {
	return colors.map((color, i) => ({ name: `S${i}`, label: `S${i}`, color, settable: true }));
}

function randomColors(count: number): string[] {
	let seed = 7;
	const next = () => {
		seed = (seed * 16807) % 2147483647;
		return Math.floor((seed / 2147483647) * 256);
	};
	return Array.from({ length: count }, () => `#${[next(), next(), next()].map((c) => c.toString(16).padStart(2, "0")).join("")}`);
}

describe("the work of a chart's colour checks", () => {
	it("compares each pair of different colours once, among the first colours in legend order", () => {
		expect(comparedPairs(marksIn(["#111111", "#222222", "#111111", "#333333"])).map(([a, b]) => `${a.name}-${b.name}`)).toEqual([
			"S0-S1",
			"S0-S3",
			"S1-S3",
		]);
		const many = comparedPairs(marksIn(randomColors(499)));
		expect(many).toHaveLength((maxComparedColors * (maxComparedColors - 1)) / 2);
	});

	it("pairs each series drawn in an earlier series' colour with it, but not a highlight's muted rest", () => {
		const marks = marksIn(["#0072b2", "#888888", "#0072B2", "#888888"]);
		expect(sameColorPairs(marks).map(([a, b]) => `${a.name}-${b.name}`)).toEqual(["S0-S2", "S1-S3"]);
		expect(sameColorPairs(marks, "#888888").map(([a, b]) => `${a.name}-${b.name}`)).toEqual(["S0-S2"]);
	});

	// The first check of a chart of 499 series, each in a colour of its own, took 2.6-3 s of CPU:
	// every confusion's suggestion tried ~120 colours against every other series.
	it("works out a bounded number of colour pairs for 499 series in colours of their own", () => {
		const colors = randomColors(499);
		const modes = (["light", "dark"] as const).map((mode) => ({
			mode,
			background: theme.colors[mode].background,
			palette: theme.colors[mode].palette,
			marks: marksIn(colors),
			texts: [],
		}));
		const distances = new ColorDistances();
		const checks = chartColorChecks(modes, distances);
		expect(checks.length).toBeGreaterThan(100);
		// Proposals stop at the budget; the pairs of colours compared for findings are bounded on their own.
		expect(distances.comparisons).toBeLessThanOrEqual(maxColorComparisons + (maxComparedColors * (maxComparedColors - 1)) / 2);
	});

	it("proposes colours apart from each other and from every other series, so taking them all leaves nothing", () => {
		const modes = (["light", "dark"] as const).map((mode) => ({
			mode,
			background: theme.colors[mode].background,
			palette: theme.colors[mode].palette,
			marks: [
				{ name: "Red", label: "Red", color: "#d62728", settable: true },
				{ name: "Green", label: "Green", color: "#2ca02c", settable: true },
				{ name: "Yellow", label: "Yellow", color: "#ffee00", settable: true },
			],
			texts: [],
		}));
		const fixes = new Map(chartColorChecks(modes).flatMap((c) => (c.suggestion ? [[c.suggestion.series, c.suggestion.color]] : [])));
		expect([...fixes.keys()].sort()).toEqual(["Green", "Yellow"]);
		const after = modes.map((m) => ({ ...m, marks: m.marks.map((mark) => ({ ...mark, color: fixes.get(mark.name) ?? mark.color })) }));
		const colors = after[0]?.marks.map((m) => m.color) ?? [];
		for (const [i, a] of colors.entries()) for (const b of colors.slice(i + 1)) expect(leastDistance(a, b)).toBeGreaterThanOrEqual(10);
		expect(chartColorChecks(after)).toEqual([]);
	});
});
