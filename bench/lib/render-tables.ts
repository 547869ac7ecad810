/**
 * The render suite's tables: exports beside the warm-pool reference server, fixed costs and
 * floors, and the targets with the worst measured ratio of each.
 */
import type { Format, RenderRow } from "../render.ts";
import { markdownTable, ms } from "./stats.ts";

const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "–");

export interface Target {
	target: string;
	goal: number;
	worst: number;
	worstCase: string;
	median: number;
	best: number;
	met: boolean;
}

function target(rows: RenderRow[], name: string, goal: number, measure: (row: RenderRow) => [number, string][]): Target {
	const all = rows.flatMap((row) => measure(row).map(([value, label]) => ({ value, label })));
	const sorted = [...all].sort((a, b) => b.value - a.value);
	const worst = sorted[0] ?? { value: Number.NaN, label: "" };
	const best = sorted[sorted.length - 1] ?? worst;
	const median = sorted[Math.floor(sorted.length / 2)]?.value ?? Number.NaN;
	return { target: name, goal, worst: worst.value, worstCase: worst.label, median, best: best.value, met: worst.value <= goal };
}

export function renderTargets(rows: RenderRow[]): Target[] {
	const formats: Format[] = ["svg", "png", "pdf"];
	return [
		target(rows, "cached repeat export ÷ GET /v1/charts/{id}", 1.2, (r) =>
			formats.map((f) => [ratio(r.cached[f], r.getChart), `${r.name} ${f.toUpperCase()}`]),
		),
		target(rows, "uncached SVG ÷ warm-pool reference", 0.5, (r) => [[ratio(r.ours.svg, r.peer.svg), r.name]]),
		target(rows, "uncached PDF ÷ warm-pool reference", 0.5, (r) => [[ratio(r.ours.pdf, r.peer.pdf), r.name]]),
		target(rows, "uncached PNG ÷ warm-pool reference", 1, (r) => [[ratio(r.ours.png, r.peer.png), r.name]]),
		target(rows, "uncached PNG ÷ Chromium's in-page drawing", 2, (r) => [[ratio(r.ours.png, r.inPage.png), r.name]]),
		target(rows, "GET /v1/charts/{id} ÷ GET /v1/health", 2, (r) => [[ratio(r.getChart, r.health), r.name]]),
	];
}

export function targetsTable(targets: Target[]): string {
	return markdownTable(
		["target (ratio, same run)", "goal", "worst measured", "worst case", "median", "best measured", "met (worst within goal)"],
		targets.map((t) => [t.target, `≤ ${t.goal}×`, times(t.worst), t.worstCase, times(t.median), times(t.best), t.met ? "yes" : "**no**"]),
	);
}

export function renderTables(rows: RenderRow[]): { table: string; targets: Target[] } {
	const exports = markdownTable(
		[
			"kind (800×500)",
			"SVG ours",
			"SVG reference",
			"ours/ref",
			"PNG ours",
			"PNG reference",
			"ours/ref",
			"PDF ours",
			"PDF reference",
			"ours/ref",
		],
		rows.map((r) => [
			r.name,
			ms(r.ours.svg),
			ms(r.peer.svg),
			times(ratio(r.ours.svg, r.peer.svg)),
			ms(r.ours.png),
			ms(r.peer.png),
			times(ratio(r.ours.png, r.peer.png)),
			ms(r.ours.pdf),
			ms(r.peer.pdf),
			times(ratio(r.ours.pdf, r.peer.pdf)),
		]),
	);
	const floors = markdownTable(
		[
			"kind (800×500)",
			"GET /v1/health",
			"health + the key's D1 read (floor)",
			"GET chart",
			"GET/health",
			"GET/floor",
			"cached SVG, PNG, PDF",
			"worst cached/GET",
			"PNG ours",
			"Chromium in-page drawing",
			"ours/in-page",
			"native resvg of our SVG (floor)",
			"new Chromium page per export",
			"ours/that",
		],
		rows.map((r) => [
			r.name,
			ms(r.health),
			ms(r.keyRead),
			ms(r.getChart),
			times(ratio(r.getChart, r.health)),
			times(ratio(r.getChart, r.keyRead)),
			`${r.cached.svg.toFixed(1)}, ${r.cached.png.toFixed(1)}, ${r.cached.pdf.toFixed(1)} ms`,
			times(Math.max(ratio(r.cached.svg, r.getChart), ratio(r.cached.png, r.getChart), ratio(r.cached.pdf, r.getChart))),
			ms(r.ours.png),
			ms(r.inPage.png),
			times(ratio(r.ours.png, r.inPage.png)),
			ms(r.nativeResvgPng),
			ms(r.freshPagePng),
			times(ratio(r.ours.png, r.freshPagePng)),
		]),
	);
	const targets = renderTargets(rows);
	return { table: [exports, floors, targetsTable(targets)].join("\n\n"), targets };
}
