/**
 * Charts for the gallery that show each `meta` setting, and the five newsroom charts
 * whose PNGs are docs/rendering.md's screenshots (`docs/screenshots/`). Figures are illustrative.
 */

export interface GalleryChart {
	name: string;
	body: Record<string, unknown>;
	/** Written to docs/screenshots/<name>.png too. */
	screenshot?: boolean;
}

const cpi = [
	["2006", 2.3],
	["2007", 2.3],
	["2008", 3.6],
	["2009", 2.2],
	["2010", 3.3],
	["2011", 4.5],
	["2012", 2.8],
	["2013", 2.6],
	["2014", 1.5],
	["2015", 0.0],
	["2016", 0.7],
	["2017", 2.7],
	["2018", 2.5],
	["2019", 1.8],
	["2020", 0.9],
	["2021", 2.6],
	["2022", 9.1],
	["2023", 7.3],
	["2024", 2.5],
] as const;

const inflationCsv = `year,CPI,Core CPI\n${cpi.map(([year, value], i) => `${year},${value},${(1.4 + ((i * 7) % 10) / 10 + (value > 5 ? 3 : 0)).toFixed(1)}`).join("\n")}\n`;

const raceCsv = [
	"year,China,India,United States,Indonesia,Pakistan,Brazil,Nigeria",
	"1980,981,697,227,148,80,122,73",
	"1990,1135,870,250,182,115,150,95",
	"2000,1263,1057,282,214,154,175,122",
	"2010,1338,1234,309,242,194,196,160",
	"2020,1411,1396,331,274,227,213,208",
	"2023,1410,1429,335,278,240,216,224",
].join("\n");

const growthCsv = [
	"country,GDP growth (%)",
	"United States,2.5",
	"Canada,1.1",
	"Mexico,3.2",
	"Brazil,2.9",
	"Argentina,-1.6",
	"United Kingdom,0.1",
	"France,0.9",
	"Germany,-0.3",
	"Italy,0.9",
	"Spain,2.5",
	"Poland,0.2",
	"Sweden,-0.2",
	"Russia,3.6",
	"China,5.2",
	"India,7.8",
	"Japan,1.9",
	"Indonesia,5.0",
	"Australia,2.0",
	"South Africa,0.6",
	"Nigeria,2.9",
	"Egypt,3.8",
	"Turkey,4.5",
	"Saudi Arabia,-0.8",
	"Iran,5.0",
	"Kenya,5.6",
	"Ethiopia,7.2",
	"Chile,0.2",
	"Peru,-0.6",
	"Colombia,0.6",
	"Finland,-1.0",
].join("\n");

export const settingsCharts: GalleryChart[] = [
	{
		name: "newsroom-election",
		screenshot: true,
		body: {
			kind: "horizontal-bar",
			data: "party,Seats\nLabour,411\nConservative,121\nLiberal Democrat,72\nSNP,9\nSinn Féin,7\nIndependent,6\nDUP,5\nReform UK,5\nGreen,4\nPlaid Cymru,4\n",
			meta: {
				title: "Labour wins a landslide",
				subtitle: "Seats won in the 2024 UK general election",
				sourceText: "Source: House of Commons Library",
				byline: "Newsroom graphics",
				highlight: ["Labour"],
				seriesStyle: { Seats: { color: "#d50000" } },
				labels: { values: "all" },
				legend: { position: "none" },
				axes: { x: { hidden: true, grid: false } },
				description: "Bar chart: Labour won 411 of 650 seats, the Conservatives 121, the Liberal Democrats 72.",
			},
		},
	},
	{
		name: "newsroom-inflation",
		screenshot: true,
		body: {
			kind: "line",
			data: inflationCsv,
			meta: {
				title: "Inflation is back near target",
				subtitle: "Consumer prices, change on a year earlier",
				sourceText: "Source: Bureau of Labor Statistics (illustrative)",
				sourceUrl: "https://www.bls.gov/cpi/",
				notes: "Annual averages. The shaded period is the 2008–09 recession; the dashed line is the 2% target.",
				numberFormat: { decimals: 1, percent: true },
				axes: { y: { min: 0, title: "Change, %" } },
				seriesStyle: { "Core CPI": { line: "dashed", width: 1.5 } },
				labels: { direct: true, values: "last" },
				annotations: [
					{ type: "range", axis: "x", from: "2008", to: "2009", label: "Recession" },
					{ type: "line", axis: "y", value: 2, label: "Target 2%" },
					{ type: "text", x: "2022", y: 9.1, text: "Peak 9.1%", align: "left" },
				],
			},
		},
	},
	{
		name: "newsroom-table-de",
		screenshot: true,
		body: {
			kind: "table",
			data: "Bundesland,Einwohner,Inflation,Arbeitslosenquote\nBayern,13369393,5.6,3.4\nBaden-Württemberg,11280257,5.8,3.9\nBerlin,3755251,6.1,8.8\nHamburg,1892122,5.9,7.1\nNordrhein-Westfalen,18139116,5.7,7.0\nSachsen,4086152,6.4,5.9\nBremen,684864,6.0,10.4\n",
			meta: {
				title: "Teuerung nach Bundesland",
				subtitle: "Verbraucherpreise 2023, Veränderung zum Vorjahr in %",
				sourceText: "Quelle: Destatis (illustrativ)",
				locale: "de-DE",
				table: { sortBy: "Inflation", sortDirection: "desc", heatmap: ["Inflation", "Arbeitslosenquote"] },
				colorScale: { colors: ["#fff5eb", "#d94801"] },
				h: 380,
			},
		},
	},
	{
		name: "newsroom-world-growth",
		screenshot: true,
		body: {
			kind: "map",
			data: growthCsv,
			meta: {
				title: "Where economies grew in 2023",
				subtitle: "Real GDP growth, %",
				sourceText: "Source: IMF World Economic Outlook (illustrative)",
				colorScale: { type: "diverging", colors: ["#b2182b", "#f7f7f7", "#2166ac"], min: -8, max: 8 },
				numberFormat: { decimals: 1, suffix: "%" },
			},
		},
	},
	{
		name: "newsroom-race",
		screenshot: true,
		body: {
			kind: "horizontal-bar",
			data: raceCsv,
			meta: {
				title: "India overtakes China",
				subtitle: "Population, millions",
				sourceText: "Source: UN World Population Prospects",
				race: { enabled: true, period: "2023" },
				numberFormat: { decimals: 0 },
				labels: { values: "all" },
				seriesStyle: { India: { color: "#ff7f0e" }, China: { color: "#d62728" } },
			},
		},
	},
	{
		name: "settings-axes-log",
		body: {
			kind: "line",
			data: "year,Cases\n2019,0\n2020,12\n2021,340\n2022,5100\n2023,41000\n",
			meta: { title: "Log scale: the 0 is left out", axes: { y: { scale: "log", title: "Cases" }, x: { title: "Year" } } },
		},
	},
	{
		name: "settings-legend-right-compact",
		body: {
			kind: "line",
			data: "year,Revenue,Costs,Profit\n2020,1200000,900000,300000\n2021,1800000,1100000,700000\n2022,2600000,1500000,1100000\n2023,3400000,2000000,1400000\n",
			meta: {
				title: "Legend on the right, compact dollars",
				locale: "en-US",
				numberFormat: { prefix: "$", compact: true },
				legend: { position: "right" },
				highlight: ["Profit"],
			},
		},
	},
	{
		name: "settings-legend-bottom-fr",
		body: {
			kind: "horizontal-bar",
			data: "région,2022,2023\nÎle-de-France,12345.5,13012.25\nBretagne,3350.75,3401.5\nOccitanie,5973.25,6101\n",
			meta: {
				title: "Légende en bas, fr-FR",
				locale: "fr-FR",
				numberFormat: { decimals: 2 },
				legend: { position: "bottom" },
				labels: { values: "all" },
				orientation: "vertical",
			},
		},
	},
	{
		name: "settings-pie-highlight",
		body: {
			kind: "pie",
			data: "source,share\nCoal,18\nGas,34\nNuclear,9\nWind,21\nSolar,11\nHydro,7\n",
			meta: {
				title: "Pie: one slice highlighted, value labels",
				highlight: ["Wind"],
				labels: { values: "all" },
				numberFormat: { percent: true },
			},
		},
	},
	{
		name: "settings-heatmap-steps",
		body: {
			kind: "heatmap",
			data: "weekday,hour,visits\nMon,9,120\nMon,10,180\nMon,11,60\nTue,9,95\nTue,10,210\nTue,11,140\nWed,9,30\nWed,10,75\nWed,11,160\n",
			meta: { title: "Heatmap: a stepped colour scale", colorScale: { type: "steps", steps: 4, colors: ["#edf8e9", "#006d2c"] } },
		},
	},
	{
		name: "settings-annotations-pie",
		body: {
			kind: "pie",
			data: "a,b\nx,1\ny,2\n",
			meta: { title: "Annotations on a pie: none drawn, a warning", annotations: [{ type: "line", axis: "y", value: 1 }] },
		},
	},
	{
		name: "settings-dates-de",
		body: {
			kind: "line",
			data: "month,Umsatz\n2024-01,1200.5\n2024-02,1300\n2024-03,1250.25\n2024-04,1410\n2024-05,1530.75\n2024-06,1490\n",
			meta: {
				title: "Dates in de-DE: month names on the axis",
				locale: "de-DE",
				numberFormat: { decimals: 1, suffix: " €" },
				labels: { values: "last" },
				annotations: [{ type: "line", axis: "x", value: "2024-03", label: "März" }],
			},
		},
	},
	{
		name: "settings-dates-fr-pie",
		body: {
			kind: "pie",
			data: "mois,ventes\n2024-01,30\n2024-02,45\n2024-03,25\n",
			meta: { title: "Dates in fr-FR: slice names and legend", locale: "fr-FR" },
		},
	},
	{
		name: "settings-dates-es-calendar",
		body: {
			kind: "heatmap",
			data: `day,visits\n${Array.from({ length: 120 }, (_, i) => `${new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10)},${(i * 37) % 100}`).join("\n")}\n`,
			meta: { title: "Dates in es-ES: calendar month and day names", locale: "es-ES" },
		},
	},
	{
		name: "settings-dates-sv-table",
		body: {
			kind: "table",
			data: "datum,belopp\n2024-03-05,1234.5\n2024-07-19,98765.25\n2024-11-30,42\n",
			meta: {
				title: "Dates in sv-SE: table cells",
				locale: "sv-SE",
				numberFormat: { decimals: 2 },
				table: { sortBy: "datum", sortDirection: "desc" },
			},
		},
	},
	{
		name: "settings-dates-it-race",
		body: {
			kind: "horizontal-bar",
			data: "month,Roma,Milano,Napoli\n2024-01,10,12,8\n2024-02,14,13,9\n2024-03,15,17,16\n",
			meta: { title: "Dates in it-IT: the race's period", locale: "it-IT", race: { enabled: true }, labels: { values: "all" } },
		},
	},
	{
		name: "settings-bars-annotated",
		body: {
			kind: "horizontal-bar",
			data: "party,Seats\nLabour,411\nConservative,121\nLiberal Democrat,72\nSNP,9\n",
			meta: {
				title: "Bars: a majority line, an axis title and a styled series",
				axes: { x: { title: "Seats", max: 450, ticks: 5 } },
				annotations: [{ type: "line", axis: "x", value: 326, label: "Majority 326" }],
				seriesStyle: { Seats: { color: "#6a3d9a", label: "Seats won" } },
				labels: { values: "all" },
				byline: "Gallery",
				notes: "Illustrative figures.",
			},
		},
	},
	{
		name: "settings-scatter-styled",
		body: {
			kind: "scatter",
			data: "country,gdp per capita,life expectancy\nChile,15.4,80.2\nPeru,7.1,76.7\nNorway,89.2,83.2\nIndia,2.4,70.8\nNigeria,2.2,54.7\n",
			meta: {
				title: "Scatter: log x axis, titled axes, a text note",
				axes: { x: { scale: "log", title: "GDP per capita ($k, log)" }, y: { title: "Life expectancy", min: 50 } },
				annotations: [{ type: "text", x: 89.2, y: 83.2, text: "Norway", align: "right" }],
				numberFormat: { decimals: 0 },
				locale: "pt-BR",
			},
		},
	},
	{
		name: "settings-dot-labels",
		body: {
			kind: "dot",
			data: "country,2000,2020\nChile,77.0,80.2\nPeru,70.5,76.7\nBolivia,62.1,71.5\n",
			meta: {
				title: "Dots: value labels, a highlight, legend on the right",
				labels: { values: "all" },
				highlight: ["2020"],
				legend: { position: "right" },
				locale: "nl-NL",
				numberFormat: { decimals: 1 },
			},
		},
	},
];
