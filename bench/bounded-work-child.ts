/**
 * One bounded-work measurement in a fresh process, so its CPU time is a cold isolate's (no JIT
 * warm-up from an earlier case) and its peak memory (max RSS) its own.
 * Usage: bounded-work-child.ts <case>. Prints JSON: { cpuMs, wallMs, maxRssMiB, result }.
 * The input is made before the clock starts; what is timed is what a request would do with it.
 */
import { colorChecksOf } from "../src/domain/color-checks-chart.ts";
import { parseCsv } from "../src/domain/csv-parse.ts";
import { seriesForLayout } from "../src/domain/layouts.ts";
import type { Meta } from "../src/domain/meta.ts";
import { findBuiltInTheme } from "../src/domain/themes.ts";
import { parseSource } from "../src/linked-data/parse-source.ts";
import { chartOption } from "../src/render/option.ts";

const sourceBytes = 10 * 1024 * 1024 - 64;

/** One row of `"column N":N` keys (or its CSV: a header and one row) just under 10 MiB. */
function wideSource(format: "json" | "csv"): string {
	const names: string[] = [];
	let length = 4;
	for (let i = 0; length < sourceBytes; i++) {
		names.push(`column ${i}`);
		length += (format === "json" ? `"column ${i}":${i},` : `column ${i},${i},`).length;
	}
	if (format === "csv") return `${names.join(",")}\n${names.map((_, i) => i).join(",")}\n`;
	return `[{${names.map((name, i) => `"${name}":${i}`).join(",")}}]`;
}

/** The same 130,000 rows of six columns (just under 10 MiB as JSON objects), as JSON or as CSV. */
function rowsSource(format: "json" | "csv"): string {
	const rows: string[] = [];
	for (let i = 0; i < 130_000; i++) {
		const cells = [`2020-01-${String((i % 28) + 1).padStart(2, "0")}`, i, i * 2.5, `text ${i}`, i % 7, "true"];
		rows.push(
			format === "json"
				? `{"date":"${cells[0]}","a":${cells[1]},"b":${cells[2]},"c":"${cells[3]}","d":${cells[4]},"e":${cells[5]}}`
				: cells.join(","),
		);
	}
	return format === "json" ? `[${rows.join(",")}]` : `date,a,b,c,d,e\n${rows.join("\n")}\n`;
}

/** A line chart of `count` series, each in a colour of its own (a fixed pseudo-random sequence) or in the palette's. */
function seriesChart(count: number, own: boolean) {
	const theme = findBuiltInTheme("classic")?.definition;
	if (!theme) throw new Error("no classic theme");
	const names = Array.from({ length: count }, (_, i) => `Series ${i + 1}`);
	const dataset = parseCsv(
		`year,${names.join(",")}\n2020,${names.map((_, i) => i).join(",")}\n2021,${names.map((_, i) => i + 1).join(",")}\n`,
	);
	let seed = 7;
	const channel = () => {
		seed = (seed * 16807) % 2147483647;
		return Math.floor((seed / 2147483647) * 256);
	};
	const color = () => `#${[channel(), channel(), channel()].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
	const meta: Meta = own ? { seriesStyle: Object.fromEntries(names.map((name) => [name, { color: color() }])) } : {};
	const seriesNames = seriesForLayout("line", dataset);
	const options = Object.fromEntries(
		(["light", "dark"] as const).map((mode) => [
			mode,
			chartOption({
				kind: "line",
				dataset,
				seriesNames,
				meta,
				theme,
				mode,
				width: 800,
				height: 500,
				transparent: false,
				fromStatistics: false,
			}),
		]),
	) as Record<"light" | "dark", Record<string, unknown>>;
	return { chart: { meta, seriesNames, theme }, options };
}

function parsed(text: string, contentType: string): () => string {
	// Read once so V8 joins the built-up string now, not in the timed parse: a request's text arrives in one piece.
	text.charCodeAt(text.length - 1);
	return () => {
		try {
			const dataset = parseSource(text, contentType);
			return `${dataset.columns.length} columns × ${dataset.columns[0]?.values.length ?? 0} rows`;
		} catch (error) {
			return `refused: ${error instanceof Error ? error.message : String(error)}`;
		}
	};
}

function checked(count: number, own = true): () => Promise<string> {
	const { chart, options } = seriesChart(count, own);
	return async () => `${(await colorChecksOf(chart, (mode) => options[mode])).length} warnings`;
}

const cases: Record<string, () => () => string | Promise<string>> = {
	"json-wide": () => parsed(wideSource("json"), "application/json"),
	"csv-wide": () => parsed(wideSource("csv"), "text/csv"),
	"json-rows": () => parsed(rowsSource("json"), "application/json"),
	"csv-rows": () => parsed(rowsSource("csv"), "text/csv"),
	"checks-499": () => checked(499),
	"checks-499-palette": () => checked(499, false),
	"checks-5": () => checked(5),
	baseline: () => () => "nothing",
};

const which = process.argv[2] ?? "";
const make = cases[which];
if (!make) throw new Error(`unknown case ${which}; one of ${Object.keys(cases).join(", ")}`);
const work = make();
const rssBefore = process.resourceUsage().maxRSS;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const result = await work();
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
console.log(
	JSON.stringify({
		cpuMs: (cpu.user + cpu.system) / 1000,
		wallMs,
		maxRssMiB: (process.resourceUsage().maxRSS - rssBefore) / 1024,
		result,
	}),
);
