/**
 * A small CSV for every chart kind, with the series it yields, and a CSV that kind refuses.
 * docs/data.md shows these examples and the tests load every one of them, so the documentation
 * cannot drift from what the service accepts.
 */
import type { ChartKind } from "./kinds";

export interface LayoutExample {
	csv: string;
	series: string[];
	/** A CSV this kind refuses, and a phrase of the refusal. */
	bad: { csv: string; says: string };
}

export const layoutExamples: Record<ChartKind, LayoutExample> = {
	line: {
		csv: "year,China,India\n2000,71.4,62.9\n2005,72.9,64.8\n2010,74.9,66.7\n",
		series: ["China", "India"],
		bad: { csv: "year,China\n2000,71.4\n2005,7l.9\n", says: 'row 3 has "7l.9"' },
	},
	"horizontal-bar": {
		csv: "party,seats 2022,seats 2026\nGreens,12,19\nLabour,41,38\n",
		series: ["seats 2022", "seats 2026"],
		bad: { csv: "party\nGreens\n", says: "1 column" },
	},
	themeriver: {
		csv: "month,Coal,Wind\n2026-01,40,12\n2026-02,38,15\n",
		series: ["Coal", "Wind"],
		bad: { csv: "month,Coal\n2026-01,lots\n", says: "must hold numbers" },
	},
	multiples: {
		csv: "year,Paris,Oslo,Rome\n2024,12.1,6.3,16.2\n2025,12.6,6.9,16.8\n",
		series: ["Paris", "Oslo", "Rome"],
		bad: { csv: "year,Paris,Oslo\n2024,12.1\n", says: "Row 2 has 2 cells" },
	},
	radar: {
		csv: "skill,Ana,Ben\nSpeed,7,5\nPower,4,9\nRange,6,6\n",
		series: ["Ana", "Ben"],
		bad: { csv: "skill,Ana\nSpeed,fast\n", says: "must hold numbers" },
	},
	pie: {
		csv: "browser,share\nChrome,64.1\nSafari,19.6\nFirefox,3.2\n",
		series: ["share"],
		bad: { csv: "browser,vendor\nChrome,Google\n", says: "must hold numbers" },
	},
	map: {
		csv: "country,population (m)\nFRA,68.2\nDEU,84.5\nITA,58.9\n",
		series: ["population (m)"],
		bad: { csv: "country\nFRA\n", says: "1 column" },
	},
	treemap: {
		csv: "region,country,gdp\nEurope,France,3.0\nEurope,Germany,4.5\nAsia,Japan,4.2\n",
		series: ["gdp"],
		bad: { csv: "region,country,gdp,pop\nEurope,France,3.0,68\n", says: "exactly one value column" },
	},
	scatter: {
		csv: "country,gdp per capita,life expectancy,population\nChile,15.4,80.2,19.6\nPeru,7.1,76.7,34.0\n",
		series: ["life expectancy", "population"],
		bad: { csv: "country,gdp per capita\nChile,15.4\n", says: "2 (x, y) or 3 (x, y, size)" },
	},
	dot: {
		csv: "country,2000,2020\nChile,77.0,80.2\nPeru,70.5,76.7\n",
		series: ["2000", "2020"],
		bad: { csv: "country,2000\nChile,77.0\n", says: "2 columns; at least 3 expected" },
	},
	range: {
		csv: "city,low,high\nOslo,-4,22\nRome,3,32\n",
		series: ["low", "high"],
		bad: { csv: "city,low,high\nOslo,-4,warm\n", says: 'column 3 ("high") must hold numbers' },
	},
	arrow: {
		csv: "party,2022,2026\nGreens,12,19\nLabour,41,38\n",
		series: ["2022", "2026"],
		bad: { csv: "party,2022\nGreens,12\n", says: "at least 3 expected" },
	},
	candlestick: {
		csv: "date,open,high,low,close,volume\n2026-03-02,101.2,104.0,100.1,103.5,18200\n2026-03-03,103.5,103.9,99.0,99.8,22100\n",
		series: ["open", "high", "low", "close"],
		bad: { csv: "date,open,high,low,close\n2026-03-02,101.2,99.0,100.1,103.5\n", says: "Row 2 has low 100.1 and high 99" },
	},
	heatmap: {
		csv: "weekday,hour,visits\nMon,9,120\nMon,10,180\nTue,9,95\n",
		series: ["visits"],
		bad: { csv: "weekday,visits\nMon,120\n", says: "must hold dates (a calendar)" },
	},
	sankey: {
		csv: "source,target,value\nCoal,Electricity,40\nWind,Electricity,12\nElectricity,Homes,30\n",
		series: ["value"],
		bad: { csv: "source,target,value\nA,B,1\nB,A,1\n", says: "cycle (A → B → A)" },
	},
	boxplot: {
		csv: "group,min,q1,median,q3,max\nControl,2,4,5,7,9\nTreated,3,5,7,8,11\n",
		series: ["min", "q1", "median", "q3", "max"],
		bad: { csv: "group,min,q1,median,q3,max\nControl,2,6,5,7,9\n", says: "not ordered" },
	},
	table: {
		csv: "name,role,salary\nAna,Editor,5200\nBen,Reporter,4300\n",
		series: ["salary"],
		bad: { csv: "name,name\nAna,Ben\n", says: "both named" },
	},
};
