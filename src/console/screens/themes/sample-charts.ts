/**
 * The six sample charts of the theme studio's preview (line, bars, pie, map, scatter,
 * table): small made-up datasets chosen to show every colour a theme sets — several series for
 * the palette, axes and grid, muted subtitles, a table's surface.
 */
import type { Dataset, DatasetColumn } from "../../../domain/dataset";
import { kindCatalog } from "../../../domain/kind-catalog";
import type { ChartKind } from "../../../domain/kinds";
import type { Meta } from "../../../domain/meta";
import type { ThemeDefinition } from "../../../domain/themes";
import type { PreviewSource } from "../../preview/engine";

interface Sample {
	id: string;
	kind: ChartKind;
	dataset: Dataset;
	/** What the API's layout check (domain/layouts.ts) names as series for this data. */
	seriesNames: string[];
	meta: Meta;
}

const text = (name: string, values: string[]): DatasetColumn => ({ name, type: "text", values });
const numbers = (name: string, values: number[]): DatasetColumn => ({ name, type: "number", values });

// Written out rather than parsed from CSV: the CSV parser and layout checks would add their weight to the console's own bundle.
const samples: Sample[] = [
	{
		id: "line",
		kind: "line",
		dataset: {
			columns: [
				text("year", ["2019", "2020", "2021", "2022", "2023", "2024"]),
				numbers("North", [12, 14, 13, 17, 19, 21]),
				numbers("South", [9, 8, 11, 12, 14, 13]),
				numbers("East", [6, 7, 9, 8, 11, 12]),
			],
		},
		seriesNames: ["North", "South", "East"],
		meta: { title: "Sales by region", subtitle: "Units, thousands", sourceText: "Sample data" },
	},
	{
		id: "bars",
		kind: "horizontal-bar",
		dataset: {
			columns: [
				text("party", ["Greens", "Labour", "Liberals", "Others"]),
				numbers("2022", [12, 41, 27, 5]),
				numbers("2026", [19, 38, 30, 8]),
			],
		},
		seriesNames: ["2022", "2026"],
		meta: { title: "Seats by party", subtitle: "Sample data" },
	},
	{
		id: "pie",
		kind: "pie",
		dataset: { columns: [text("item", ["Health", "Education", "Defence", "Transport", "Other"]), numbers("share", [38, 22, 12, 9, 19])] },
		seriesNames: ["share"],
		meta: { title: "Where the budget goes", subtitle: "% of spending", donut: true },
	},
	{
		id: "map",
		kind: "map",
		dataset: {
			columns: [
				text("country", ["FRA", "DEU", "USA", "BRA", "IND", "CHN", "NGA", "AUS"]),
				numbers("value", [68, 84, 335, 216, 1429, 1410, 224, 26]),
			],
		},
		seriesNames: ["value"],
		meta: { title: "Population", subtitle: "Millions" },
	},
	{
		id: "scatter",
		kind: "scatter",
		dataset: {
			columns: [
				text("country", ["A", "B", "C", "D", "E", "F", "G", "H"]),
				text("region", ["Africa", "Asia", "Europe", "Americas", "Africa", "Asia", "Europe", "Americas"]),
				numbers("income", [2, 5, 31, 14, 4, 9, 40, 22]),
				numbers("life expectancy", [61, 66, 80, 74, 63, 71, 82, 78]),
			],
		},
		seriesNames: ["life expectancy"],
		meta: { title: "Income and health", subtitle: "Sample data" },
	},
	{
		id: "table",
		kind: "table",
		dataset: {
			columns: [
				text("district", ["North", "South", "East", "West"]),
				numbers("turnout %", [71.2, 64.8, 69.5, 58.1]),
				text("winner", ["Labour", "Liberals", "Greens", "Labour"]),
			],
		},
		seriesNames: ["turnout %"],
		meta: { title: "Turnout by district" },
	},
];

export interface SampleChart {
	id: string;
	label: string;
	source: PreviewSource;
}

/** The samples drawn with `theme`. */
export function sampleCharts(theme: ThemeDefinition): SampleChart[] {
	return samples.map(({ id, kind, dataset, seriesNames, meta }) => ({
		id,
		label: kindCatalog[kind].label,
		source: { kind, meta, dataset, seriesNames, fromStatistics: false, theme },
	}));
}
