/**
 * Builds the demo statistics library from files of the `vega-datasets` npm package: country
 * indicators (Gapminder), share prices, the S&P 500, US employment by sector, CO₂ at Mauna Loa,
 * global temperature, Iowa electricity sources and VIX daily OHLC. Pure: it takes the files'
 * text, so the import script (reading node_modules) and the tests (bundling the files) share it.
 */
import Papa from "papaparse";
import { z } from "zod";
import type { LibraryFile, LibrarySource } from "./format";

export interface VegaFiles {
	gapminder: string;
	stocks: string;
	sp500: string;
	usEmployment: string;
	co2: string;
	globalTemp: string;
	iowaElectricity: string;
	ohlc: string;
}

/** The file each field reads, under `vega-datasets/data/`. */
export const vegaFileNames: Record<keyof VegaFiles, string> = {
	gapminder: "gapminder.json",
	stocks: "stocks.csv",
	sp500: "sp500.csv",
	usEmployment: "us-employment.csv",
	co2: "co2-concentration.csv",
	globalTemp: "global-temp.csv",
	iowaElectricity: "iowa-electricity.csv",
	ohlc: "ohlc.json",
};

const attribution = "vega-datasets (BSD-3-Clause), https://github.com/vega/vega-datasets";

function slug(text: string): string {
	return text
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-|-$/g, "");
}

function csvRows(text: string): Record<string, string>[] {
	return Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true }).data;
}

const months: Record<string, string> = {
	Jan: "01",
	Feb: "02",
	Mar: "03",
	Apr: "04",
	May: "05",
	Jun: "06",
	Jul: "07",
	Aug: "08",
	Sep: "09",
	Oct: "10",
	Nov: "11",
	Dec: "12",
};

/** "Jan 1 2000" → "2000-01-01". */
function isoFromMonthName(text: string): string {
	const [month, day, year] = text.split(" ");
	return `${year}-${months[month ?? ""] ?? "01"}-${(day ?? "1").padStart(2, "0")}`;
}

/** Rows by the value of one field, in their order: one pass instead of a filter per group. */
function groupBy<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
	const groups = new Map<Key, Row[]>();
	for (const row of rows) {
		const key = keyOf(row);
		const group = groups.get(key);
		if (group) group.push(row);
		else groups.set(key, [row]);
	}
	return groups;
}

function num(text: string | undefined): number | null {
	if (text === undefined || text.trim() === "") return null;
	const value = Number(text);
	return Number.isFinite(value) ? value : null;
}

function gapminder(text: string): LibrarySource {
	const rows = z
		.array(z.object({ year: z.number(), country: z.string(), pop: z.number(), life_expect: z.number(), fertility: z.number() }))
		.parse(JSON.parse(text));
	const indicators = [
		{ id: "life_expect", label: "Life expectancy", unit: "years" },
		{ id: "fertility", label: "Fertility", unit: "births per woman" },
		{ id: "pop", label: "Population", unit: "people" },
	] as const;
	const rowsByCountry = groupBy(rows, (r) => r.country);
	const countries = [...rowsByCountry.keys()].sort();
	return {
		id: "gapminder",
		title: "Gapminder country indicators",
		description: "Life expectancy, fertility and population by country, every five years from 1955.",
		attribution,
		dimensions: [
			{ id: "country", title: "Country", values: countries.map((c) => ({ id: slug(c), label: c })) },
			{ id: "indicator", title: "Indicator", values: indicators.map((i) => ({ id: i.id, label: i.label })) },
		],
		statistics: indicators.flatMap((indicator) =>
			countries.map((country) => ({
				id: `gapminder.${indicator.id}.${slug(country)}`,
				title: `${indicator.label}: ${country}`,
				seriesName: country,
				unit: indicator.unit,
				frequency: "5-yearly",
				dimensions: { country: slug(country), indicator: indicator.id },
				observations: (rowsByCountry.get(country) ?? []).map((r) => [String(r.year), r[indicator.id]] as [string, number]),
			})),
		),
	};
}

function stocks(text: string): LibrarySource {
	const rows = csvRows(text);
	const rowsBySymbol = groupBy(rows, (r) => r.symbol as string);
	const symbols = [...rowsBySymbol.keys()].sort();
	return {
		id: "stocks",
		title: "Share prices",
		description: "Monthly closing share prices of large US technology companies, 2000–2010.",
		attribution,
		dimensions: [{ id: "symbol", title: "Ticker symbol", values: symbols.map((s) => ({ id: s.toLowerCase(), label: s })) }],
		statistics: symbols.map((symbol) => ({
			id: `stocks.${symbol.toLowerCase()}`,
			title: `Share price: ${symbol}`,
			seriesName: symbol,
			unit: "USD",
			frequency: "monthly",
			dimensions: { symbol: symbol.toLowerCase() },
			observations: (rowsBySymbol.get(symbol) ?? []).map(
				(r) => [isoFromMonthName(r.date as string), num(r.price)] as [string, number | null],
			),
		})),
	};
}

function sp500(text: string): LibrarySource {
	return {
		id: "sp500",
		title: "S&P 500",
		description: "Monthly level of the S&P 500 stock market index, 2000–2010.",
		attribution,
		dimensions: [{ id: "index", title: "Index", values: [{ id: "sp500", label: "S&P 500" }] }],
		statistics: [
			{
				id: "sp500.index",
				title: "S&P 500 index level",
				seriesName: "S&P 500",
				unit: "index points",
				frequency: "monthly",
				dimensions: { index: "sp500" },
				observations: csvRows(text).map((r) => [isoFromMonthName(r.date as string), num(r.price)] as [string, number | null]),
			},
		],
	};
}

function usEmployment(text: string): LibrarySource {
	const rows = csvRows(text);
	const sectors = Object.keys(rows[0] ?? {}).filter((column) => column !== "month" && column !== "nonfarm_change");
	const label = (column: string) => {
		const words = column.replaceAll("_", " ").replace("utilties", "utilities");
		return words.charAt(0).toUpperCase() + words.slice(1);
	};
	return {
		id: "us-employment",
		title: "US employment by sector",
		description: "Monthly US employment by industry sector (thousands of jobs, seasonally adjusted), 2006–2015.",
		attribution,
		dimensions: [{ id: "sector", title: "Sector", values: sectors.map((s) => ({ id: s, label: label(s) })) }],
		statistics: sectors.map((sector) => ({
			id: `us-employment.${sector}`,
			title: `US employment: ${label(sector)}`,
			seriesName: label(sector),
			unit: "thousands of jobs",
			frequency: "monthly",
			dimensions: { sector },
			observations: rows.map((r) => [r.month as string, num(r[sector])] as [string, number | null]),
		})),
	};
}

function co2(text: string): LibrarySource {
	const rows = csvRows(text);
	const measures = [
		{ id: "raw", column: "CO2", label: "Measured", seriesName: "CO₂" },
		{ id: "adjusted", column: "adjusted CO2", label: "Seasonally adjusted", seriesName: "CO₂ (seasonally adjusted)" },
	];
	return {
		id: "co2",
		title: "CO₂ concentration at Mauna Loa",
		description: "Monthly mean atmospheric carbon dioxide at Mauna Loa Observatory, in parts per million (Keeling curve).",
		attribution,
		dimensions: [{ id: "measure", title: "Measure", values: measures.map((m) => ({ id: m.id, label: m.label })) }],
		statistics: measures.map((m) => ({
			id: `co2.${m.id}`,
			title: `CO2 concentration, Mauna Loa: ${m.label.toLowerCase()}`,
			seriesName: m.seriesName,
			unit: "ppm",
			frequency: "monthly",
			dimensions: { measure: m.id },
			observations: rows.map((r) => [r.Date as string, num(r[m.column])] as [string, number | null]),
		})),
	};
}

function globalTemp(text: string): LibrarySource {
	return {
		id: "global-temp",
		title: "Global temperature",
		description: "Global mean surface temperature anomaly against the 1951–1980 average, by year.",
		attribution,
		dimensions: [{ id: "region", title: "Region", values: [{ id: "world", label: "World" }] }],
		statistics: [
			{
				id: "global-temp.world",
				title: "Global temperature anomaly",
				seriesName: "World",
				unit: "°C",
				frequency: "annual",
				dimensions: { region: "world" },
				observations: csvRows(text).map((r) => [r.year as string, num(r.temp)] as [string, number | null]),
			},
		],
	};
}

function iowaElectricity(text: string): LibrarySource {
	const rows = csvRows(text);
	const rowsBySource = groupBy(rows, (r) => r.source as string);
	const sources = [...rowsBySource.keys()];
	return {
		id: "iowa-electricity",
		title: "Iowa electricity generation by source",
		description: "Net electricity generation in Iowa by energy source, by year (thousand MWh).",
		attribution,
		dimensions: [{ id: "energy", title: "Energy source", values: sources.map((s) => ({ id: slug(s), label: s })) }],
		statistics: sources.map((source) => ({
			id: `iowa-electricity.${slug(source)}`,
			title: `Iowa electricity generation: ${source}`,
			seriesName: source,
			unit: "thousand MWh",
			frequency: "annual",
			dimensions: { energy: slug(source) },
			observations: (rowsBySource.get(source) ?? []).map(
				(r) => [(r.year as string).slice(0, 4), num(r.net_generation)] as [string, number | null],
			),
		})),
	};
}

function ohlc(text: string): LibrarySource {
	const rows = z
		.array(z.object({ date: z.string(), open: z.number(), high: z.number(), low: z.number(), close: z.number() }))
		.parse(JSON.parse(text));
	const fields = ["open", "high", "low", "close"] as const;
	return {
		id: "vix",
		title: "CBOE Volatility Index (VIX)",
		description: "Daily open, high, low and close of the VIX, June–July 2009.",
		attribution,
		dimensions: [
			{ id: "field", title: "Price field", values: fields.map((f) => ({ id: f, label: f.charAt(0).toUpperCase() + f.slice(1) })) },
		],
		statistics: fields.map((field) => ({
			id: `vix.${field}`,
			title: `VIX daily ${field}`,
			seriesName: `VIX ${field}`,
			unit: "index points",
			frequency: "daily",
			dimensions: { field },
			observations: rows.map((r) => [r.date, r[field]] as [string, number]),
		})),
	};
}

export function vegaLibrary(files: VegaFiles): LibraryFile {
	return {
		sources: [
			gapminder(files.gapminder),
			stocks(files.stocks),
			sp500(files.sp500),
			usEmployment(files.usEmployment),
			co2(files.co2),
			globalTemp(files.globalTemp),
			iowaElectricity(files.iowaElectricity),
			ohlc(files.ohlc),
		],
	};
}
