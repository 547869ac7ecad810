/**
 * The charts the embeds suite publishes: one per kind a reader most often meets, at the size a
 * newsroom publishes them (not the bench's limits), with a title, subtitle and source line so
 * the drawn text is what a reader would have to read. Data comes from `kind-data.ts`.
 */
import type { ChartKind } from "../../src/domain/kinds.ts";
import { kindCsv } from "./kind-data.ts";

export interface EmbedCase {
	/** The name in the tables (the embeds-for-readers work said "bar" for `horizontal-bar`). */
	name: string;
	kind: ChartKind;
	csv: string;
	meta: { title: string; subtitle: string; sourceText: string; table?: { search: boolean; pageSize: number } };
}

const cases: { name: string; kind: ChartKind; rows: number; title: string }[] = [
	{ name: "line", kind: "line", rows: 240, title: "Five measures over twenty years" },
	{ name: "bar", kind: "horizontal-bar", rows: 10, title: "Ten items compared" },
	{ name: "pie", kind: "pie", rows: 6, title: "How the total splits" },
	{ name: "scatter", kind: "scatter", rows: 80, title: "Eighty points in five groups" },
	{ name: "table", kind: "table", rows: 30, title: "Thirty people by role, searchable, ten to a page" },
	{ name: "map", kind: "map", rows: 15, title: "Fifteen countries" },
];

export function embedCases(): EmbedCase[] {
	return cases.map(({ name, kind, rows, title }) => ({
		name,
		kind,
		csv: kindCsv(kind, rows),
		meta: {
			title,
			subtitle: "Benchmark data, arbitrary units",
			sourceText: "Source: charts-service bench",
			// A newsroom's table lets readers search and page it: the harder case (its controls are in the page).
			...(kind === "table" ? { table: { search: true, pageSize: 10 } } : {}),
		},
	}));
}
