/**
 * The embeds suite's tables: every page's figures beside today's page (the reference), and each
 * target of the embeds-for-readers work (and docs/design.md#d38's page budget) beside its measured figures with met/missed.
 */
import type { EmbedMeasurement, EmbedRow } from "../embeds.ts";
import type { Bytes } from "./embed-measure.ts";
import { markdownTable } from "./stats.ts";

/** kB of 1,000 bytes, as the issue's budgets are written. */
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const sizes = (b: Bytes) => (b.wire === 0 && b.raw === 0 ? "0" : `${kB(b.wire)} (${kB(b.raw)})`);
const seconds = (ms: number | null) => (ms === null ? "none" : `${(ms / 1000).toFixed(2)} s`);
const shift = (value: number) => (value === 0 ? "0" : value.toFixed(3));
const px = (m: EmbedMeasurement) =>
	m.text.smallestPx === null ? "no text" : `${m.text.smallestPx.toFixed(1)} px${m.text.under11 > 0 ? ` (${m.text.under11} under 11)` : ""}`;

export interface EmbedTarget {
	target: string;
	kind: string;
	goal: string;
	/** The published page's figure at each width, and today's page's (as printed). */
	measured: Record<string, string>;
	reference: Record<string, string>;
	met: boolean;
}

interface TargetRule {
	target: string;
	goal: (kind: string) => string;
	/** The figure as printed, and whether it meets the goal (a missing figure never does). */
	figure: (m: EmbedMeasurement, kind: string) => { shown: string; met: boolean };
}

const isMap = (kind: string) => kind === "map";

const rules: TargetRule[] = [
	{
		target: "largest contentful paint",
		goal: (kind) => (isMap(kind) ? "≤ 1.5 s" : "≤ 1.0 s"),
		figure: (m, kind) => ({
			shown: seconds(m.figures.lcpMs),
			met: m.figures.lcpMs !== null && m.figures.lcpMs <= (isMap(kind) ? 1500 : 1000),
		}),
	},
	{
		target: "layout shift",
		goal: () => "0",
		figure: (m) => ({ shown: shift(m.figures.cls), met: m.figures.cls === 0 && !m.figures.error }),
	},
	{
		target: "script before first paint (waited for, or downloaded alongside the HTML; gzip)",
		goal: () => "0 bytes",
		figure: (m) => ({
			shown: m.figures.scriptBeforePaint.wire === 0 ? "0 bytes" : kB(m.figures.scriptBeforePaint.wire),
			met: m.figures.scriptBeforePaint.wire === 0 && m.figures.fcpMs !== null,
		}),
	},
	{
		target: "script in all (gzip)",
		goal: (kind) => (isMap(kind) ? "≤ 300 kB" : "≤ 150 kB"),
		figure: (m, kind) => ({
			shown: kB(m.figures.script.wire),
			met: !m.figures.error && m.figures.script.wire <= (isMap(kind) ? 300_000 : 150_000),
		}),
	},
	{
		target: "smallest drawn text at first paint",
		goal: () => "≥ 11 px",
		figure: (m) => ({ shown: px(m), met: m.text.smallestPx !== null && m.text.under11 === 0 }),
	},
	{
		target: "page HTML (gzip; D38)",
		goal: (kind) => (isMap(kind) ? "≤ 150 kB" : "≤ 60 kB"),
		figure: (m, kind) => ({
			shown: kB(m.figures.html.wire),
			met: !m.figures.error && m.figures.html.wire <= (isMap(kind) ? 150_000 : 60_000),
		}),
	},
];

export function embedTargets(rows: EmbedRow[]): EmbedTarget[] {
	const kinds = [...new Set(rows.map((r) => r.name))];
	const targets: EmbedTarget[] = [];
	for (const rule of rules) {
		for (const name of kinds) {
			const ofKind = rows.filter((r) => r.name === name);
			const kind = ofKind[0]?.kind ?? name;
			const measured: Record<string, string> = {};
			const reference: Record<string, string> = {};
			let met = ofKind.length > 0;
			for (const row of ofKind) {
				const ours = rule.figure(row.published, kind);
				measured[`${row.width} px`] = ours.shown;
				reference[`${row.width} px`] = rule.figure(row.reference, kind).shown;
				met &&= ours.met;
			}
			targets.push({ target: rule.target, kind: name, goal: rule.goal(kind), measured, reference, met });
		}
	}
	return targets;
}

export function embedTables(rows: EmbedRow[]): { table: string; targets: EmbedTarget[] } {
	const pageLabel = (m: EmbedMeasurement) =>
		`${m.page === "published" ? "published" : "today's page (ref.)"}${m.figures.error ? ` — failed: ${m.figures.error}` : ""}`;
	const figures = markdownTable(
		[
			"kind",
			"width",
			"page",
			"HTML, gzip as served (raw)",
			"script, gzip (raw)",
			"data, gzip (raw)",
			"fonts, other, gzip (raw)",
			"script before first paint, gzip: waited for or alongside the HTML / arrived / requested",
			"first contentful paint",
			"largest contentful paint",
			"layout shift",
			"smallest text at first paint",
		],
		rows.flatMap((r) =>
			[r.published, r.reference].map((m) => [
				r.name,
				`${r.width} px`,
				pageLabel(m),
				sizes(m.figures.html),
				sizes(m.figures.script),
				sizes(m.figures.data),
				sizes(m.figures.other),
				[m.figures.scriptBeforePaint, m.figures.scriptArrivedBeforePaint, m.figures.scriptRequestedBeforePaint]
					.map((bytes) => (bytes.wire === 0 ? "0" : kB(bytes.wire)))
					.join(" / "),
				seconds(m.figures.fcpMs),
				`${seconds(m.figures.lcpMs)}${m.figures.lcpElement ? ` (${m.figures.lcpElement})` : ""}`,
				shift(m.figures.cls),
				px(m),
			]),
		),
	);
	const targets = embedTargets(rows);
	const widths = [...new Set(rows.map((r) => `${r.width} px`))];
	const targetTable = markdownTable(
		["slow-phone target", "kind", "goal", ...widths.map((w) => `published, ${w}`), `today's page (ref.), ${widths.join(" / ")}`, "met"],
		targets.map((t) => [
			t.target,
			t.kind,
			t.goal,
			...widths.map((w) => t.measured[w] ?? "–"),
			widths.map((w) => t.reference[w] ?? "–").join(" / "),
			t.met ? "met" : "**missed**",
		]),
	);
	return { table: [figures, targetTable].join("\n\n"), targets };
}
