/**
 * Run in its own process per family (ECharts registers parts globally): registers only the
 * family's parts, builds every kind of the family from its layout example (with annotations and
 * a race where the kind has them), and prints each chart type or component an option uses that
 * the family did not register. ECharts would drop those silently in the production bundle.
 * Usage: tsx embed-family-check.ts <family> (embed-clients.test.ts runs it bundled by esbuild);
 * prints JSON `{ kinds, missing }`.
 */
import * as echarts from "echarts/core";
import { parseCsv } from "../../../../src/domain/csv-parse";
import type { ChartKind } from "../../../../src/domain/kinds";
import { layoutExamples } from "../../../../src/domain/layout-examples";
import { seriesForLayout } from "../../../../src/domain/layouts";
import type { Meta } from "../../../../src/domain/meta";
import { builtInThemes } from "../../../../src/domain/themes";
import { cartesianFamily } from "../../../../src/embed/client/families/cartesian";
import { everyKindFamily } from "../../../../src/embed/client/families/every-kind";
import type { ClientFamily } from "../../../../src/embed/client/families/family";
import { mapFamily } from "../../../../src/embed/client/families/map";
import { otherFamily } from "../../../../src/embed/client/families/other";
import { pieFamily } from "../../../../src/embed/client/families/pie";
import { planeFamily } from "../../../../src/embed/client/families/plane";
import { tableFamily } from "../../../../src/embed/client/families/table";
import type { RenderInput } from "../../../../src/render/input";

const families: Record<string, ClientFamily> = {
	cartesian: cartesianFamily,
	pie: pieFamily,
	plane: planeFamily,
	table: tableFamily,
	other: otherFamily,
	map: mapFamily,
	chart: everyKindFamily,
};

/** ECharts' component main types (echarts/lib/model/Global.js knows the same list). */
const componentTypes = [
	"grid",
	"xAxis",
	"yAxis",
	"polar",
	"radiusAxis",
	"angleAxis",
	"singleAxis",
	"parallel",
	"parallelAxis",
	"geo",
	"calendar",
	"matrix",
	"graphic",
	"toolbox",
	"tooltip",
	"axisPointer",
	"brush",
	"title",
	"timeline",
	"legend",
	"dataZoom",
	"visualMap",
	"radar",
	"dataset",
	"thumbnail",
];
const markerTypes = ["markPoint", "markLine", "markArea"];

type Option = Record<string, unknown>;
/** ECharts' component class registry: `getClass` is there at runtime, though its types name only `hasClass`. */
const registry = echarts.ComponentModel as unknown as { hasClass(type: string): boolean; getClass(main: string, sub?: string): unknown };
const asList = (value: unknown): Option[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Option[];

function input(kind: ChartKind, meta: Meta, csv = layoutExamples[kind].csv): RenderInput {
	const dataset = parseCsv(csv);
	return {
		kind,
		dataset,
		seriesNames: seriesForLayout(kind, dataset),
		meta,
		theme: (builtInThemes[0] as (typeof builtInThemes)[number]).definition,
		mode: "light",
		width: 800,
		height: 500,
		transparent: false,
		fromStatistics: false,
	};
}

/** What a kind is drawn with: its example, with annotations on every kind that takes them, a race for bars. */
function variants(kind: ChartKind): Meta[] {
	const metas: Meta[] = [{}, { annotations: [{ type: "line", axis: "y", value: 1, label: "one" }] }];
	const first = parseCsv(layoutExamples[kind].csv).columns[0]?.values[0];
	if (first !== undefined && first !== null)
		metas.push({ annotations: [{ type: "range", axis: "x", from: String(first), to: String(first) }] });
	if (kind === "horizontal-bar") metas.push({ race: { enabled: true } });
	return metas;
}

function missingParts(option: Option, undrawn: readonly string[]): string[] {
	const missing: string[] = [];
	for (const type of componentTypes) {
		if (option[type] === undefined || undrawn.includes(type)) continue;
		for (const component of asList(option[type])) {
			// Hidden: nothing of it is drawn (a table's legend).
			if (component.show === false) continue;
			const sub = typeof component.type === "string" && (type === "legend" || type === "visualMap") ? component.type : undefined;
			const known = sub ? Boolean(registry.getClass(type, sub)) : registry.hasClass(type);
			if (!known) missing.push(sub ? `${type}.${sub}` : type);
		}
	}
	for (const series of asList(option.series)) {
		if (!registry.getClass("series", String(series.type))) missing.push(`series.${String(series.type)}`);
		for (const marker of markerTypes) if (series[marker] !== undefined && !registry.hasClass(marker)) missing.push(marker);
	}
	return missing;
}

const name = process.argv[2] ?? "";
const family = families[name];
if (!family) throw new Error(`no family ${name}`);
echarts.use(family.parts);
const kinds = Object.keys(family.builders) as ChartKind[];
const missing = new Set<string>();
/** Data that draws a kind another way than its layout example does. */
const otherData: Partial<Record<ChartKind, string[]>> = {
	// Two columns, dates and values: a calendar heatmap.
	heatmap: ["day,visits\n2026-01-01,3\n2026-01-02,5\n2026-02-10,1\n"],
};
for (const kind of kinds) {
	const build = family.builders[kind];
	if (!build) continue;
	const drawn = [...variants(kind).map((meta) => input(kind, meta)), ...(otherData[kind] ?? []).map((csv) => input(kind, {}, csv))];
	for (const one of drawn) for (const part of missingParts(build(one), family.undrawn ?? [])) missing.add(`${kind}: ${part}`);
}
console.log(JSON.stringify({ kinds, missing: [...missing] }));
