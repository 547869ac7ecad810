/**
 * `npm run render:gallery`: starts a throwaway `wrangler dev`, makes one chart per kind from
 * the documented layout examples plus charts from the demo library, and exports each in light
 * and dark as SVG, PNG and PDF through the API into `gallery/` (git-ignored), with an index page.
 * The settings charts (`lib/settings-gallery.ts`) show each `meta` setting; the five newsroom
 * charts among them are also written to `docs/screenshots/` for docs/rendering.md. `--only=<prefix>`
 * renders only the charts whose names start with the prefix (e.g. `--only=newsroom`);
 * `--port=<n>` picks the dev server's port (default 8794), so it can run beside browser tests.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { chartKinds } from "../src/domain/kinds.ts";
import { layoutExamples } from "../src/domain/layout-examples.ts";
import { createAccount, createKey } from "../test/harness/local/admin-ops.ts";
import { startDevServer } from "../test/harness/local/dev-server.ts";
import { importLibrary, readVegaLibrary } from "../test/harness/local/import-library.ts";
import { settingsCharts } from "./lib/settings-gallery.ts";

const formats = ["svg", "png", "pdf"] as const;

const variants: Record<string, Record<string, unknown>> = {
	"horizontal-bar": { stack: "stacked" },
	pie: { donut: true },
};

const libraryCharts = [
	{
		name: "library-line",
		kind: "line",
		series: ["china", "india", "united-states"].map((c) => ({ statistic: `gapminder.life_expect.${c}` })),
		title: "Life expectancy at birth",
	},
	{
		name: "library-stocks",
		kind: "line",
		series: ["aapl", "msft", "ibm"].map((s) => ({ statistic: `stocks.${s}` })),
		title: "Share prices, 2000–2010",
		meta: { seriesTransform: { AAPL: { ops: [{ fn: "index100" }] } } },
	},
	{
		name: "library-candles",
		kind: "candlestick",
		series: ["open", "high", "low", "close"].map((f) => ({ statistic: `vix.${f}` })),
		title: "VIX, June–July 2009",
	},
	{
		name: "library-pie",
		kind: "pie",
		series: ["fossil-fuels", "nuclear-energy", "renewables"].map((e) => ({ statistic: `iowa-electricity.${e}` })),
		title: "Iowa electricity, latest year",
	},
	{
		name: "library-map",
		kind: "map",
		series: [
			"china",
			"india",
			"brazil",
			"nigeria",
			"united-states",
			"germany",
			"australia",
			"mexico",
			"kenya",
			"japan",
			"egypt",
			"argentina",
			"canada",
			"south-africa",
			"indonesia",
		].map((c) => ({ statistic: `gapminder.life_expect.${c}` })),
		title: "Life expectancy, 2005",
	},
];

const portArgument = process.argv.find((arg) => arg.startsWith("--port="))?.slice("--port=".length);
const port = portArgument ? Number(portArgument) : 8794;
if (!Number.isInteger(port) || port < 1024 || port > 65535)
	throw new Error(`--port must be a port number (1024–65535), not "${portArgument}"`);
const server = await startDevServer(port);
try {
	await importLibrary(server.target, await readVegaLibrary());
	const { accountId } = await createAccount(server.target, { plan: "business" });
	const { key } = await createKey(server.target, { accountId, scopes: ["chart:read", "chart:write"], name: "gallery" });
	const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
	const allCharts: { name: string; body: Record<string, unknown>; screenshot?: boolean }[] = [
		...chartKinds.map((kind) => ({
			name: kind,
			body: {
				kind,
				data: layoutExamples[kind].csv,
				meta: {
					title: `${kind}: a title long enough to need room`,
					subtitle: "A subtitle that says what the numbers are",
					sourceText: "Source: charts service gallery",
					...variants[kind],
				},
			},
		})),
		{
			name: "us-states",
			body: {
				kind: "map",
				data: "state,votes\nCA,54\nTX,40\nFL,30\nNY,28\nIL,19\nPA,19\nOH,17\nGA,16\nNC,16\nMI,15\nWA,12\nAK,3\nHI,4",
				meta: { title: "Electoral votes by state", sourceText: "Source: gallery" },
			},
		},
		...libraryCharts.map((c) => ({
			name: c.name,
			body: { kind: c.kind, series: c.series, meta: { title: c.title, sourceText: "Source: vega-datasets", ...c.meta } },
		})),
		...settingsCharts,
	];
	const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
	const charts = only ? allCharts.filter((chart) => chart.name.startsWith(only)) : allCharts;
	await mkdir("gallery", { recursive: true });
	await mkdir("docs/screenshots", { recursive: true });
	const rows: string[] = [];
	for (const chart of charts) {
		const created = await fetch(`${server.url}/v1/charts`, { method: "POST", headers, body: JSON.stringify(chart.body) });
		if (!created.ok) throw new Error(`creating the ${chart.name} chart answered ${created.status}: ${await created.text()}`);
		const { id } = (await created.json()) as { id: string };
		const cells: string[] = [];
		for (const mode of ["light", "dark"]) {
			for (const format of formats) {
				const res = await fetch(`${server.url}/v1/charts/${id}/export/${format}?mode=${mode}&scale=1`, { headers });
				const file = `${chart.name}-${mode}.${format}`;
				if (!res.ok) {
					cells.push(`<td>${format} ${mode}: ${res.status} ${await res.text()}</td>`);
					continue;
				}
				const bytes = new Uint8Array(await res.arrayBuffer());
				await writeFile(`gallery/${file}`, bytes);
				const warnings = res.headers.get("X-Render-Warnings");
				if (warnings && format === "svg" && mode === "light") console.log(`${chart.name}: ${decodeURIComponent(warnings)}`);
				if (chart.screenshot && format === "png" && mode === "light") await writeFile(`docs/screenshots/${chart.name}.png`, bytes);
				cells.push(
					format === "pdf"
						? `<td><a href="${file}">${file}</a></td>`
						: `<td><img src="${file}" width="400" alt="${chart.name} ${mode} ${format}"><br>${format} · ${mode}</td>`,
				);
			}
		}
		rows.push(`<tr><th>${chart.name}</th>${cells.join("")}</tr>`);
	}
	await writeFile(
		"gallery/index.html",
		`<!doctype html><meta charset="utf-8"><title>Chart gallery</title><table style="font:13px sans-serif">${rows.join("\n")}</table>`,
	);
	console.log(`wrote ${charts.length} charts × light/dark × ${formats.join("/")} to gallery/ (open gallery/index.html)`);
} finally {
	await server.stop();
}
