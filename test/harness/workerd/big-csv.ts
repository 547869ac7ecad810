/**
 * Long CSVs for every chart kind, built as plain strings (fast even at 200,000 rows), each in
 * the kind's documented layout (src/domain/layout-examples.ts) and inside the 10 MiB body limit.
 */
import type { ChartKind } from "../../../src/domain/kinds";

function rows(header: string, count: number, row: (i: number) => string): string {
	const lines = new Array<string>(count + 1);
	lines[0] = header;
	for (let i = 0; i < count; i++) lines[i + 1] = row(i);
	return `${lines.join("\n")}\n`;
}

const day = 86_400_000;
const firstDay = Date.UTC(1500, 0, 1);
const regions = ["FRA", "DEU", "ITA", "ESP", "USA", "BRA", "IND", "CHN", "JPN", "KEN"];

export const bigCsv: Record<ChartKind, (count: number) => string> = {
	line: (n) => rows("x,A,B", n, (i) => `${i},${(i * 7919) % 1000},${i % 97}`),
	"horizontal-bar": (n) => rows("label,v", n, (i) => `c${i},${1 + (i % 1000)}`),
	themeriver: (n) => rows("period,A,B", n, (i) => `${i},${i % 50},${(i * 3) % 40}`),
	multiples: (n) => rows("x,A,B,C", n, (i) => `${i},${i % 50},${(i * 3) % 40},${i % 7}`),
	radar: (n) => rows("axis,A,B", n, (i) => `a${i},${i % 10},${(i * 3) % 10}`),
	pie: (n) => rows("name,share", n, (i) => `s${i},${1 + (i % 1000)}`),
	// Each region once (a map draws one value per region): ten the base map knows, the rest names it does not.
	map: (n) => rows("country,v", n, (i) => `${regions[i % regions.length]}${i < regions.length ? "" : ` ${i}`},${i % 1000}`),
	treemap: (n) => rows("region,country,v", n, (i) => `r${i % 50},c${i},${1 + (i % 100)}`),
	scatter: (n) => rows("name,group,x,y", n, (i) => `p${i},g${i % 30},${i % 1000},${(i * 37) % 1000}`),
	dot: (n) => rows("label,a,b", n, (i) => `r${i},${i % 100},${(i % 100) + 5}`),
	range: (n) => rows("label,low,high", n, (i) => `r${i},${i % 100},${(i % 100) + 5}`),
	arrow: (n) => rows("label,from,to", n, (i) => `r${i},${i % 100},${(i * 3) % 100}`),
	candlestick: (n) => rows("day,open,high,low,close,volume", n, (i) => `${i},${100 + (i % 10)},115,90,${100 + ((i * 7) % 10)},${i % 5000}`),
	heatmap: (n) => rows("x,y,v", n, (i) => `x${i % 1000},y${Math.floor(i / 1000)},${i % 100}`),
	sankey: (n) => rows("source,target,value", n, (i) => `s${i % 500},t${(i * 7) % 700},${1 + (i % 10)}`),
	boxplot: (n) => rows("group,value", n, (i) => `g${i % 500},${(i * 13) % 1000}`),
	table: (n) => rows("name,role,salary", n, (i) => `n${i},r${i % 20},${1000 + (i % 5000)}`),
};

/** A calendar heatmap: one value a day from 1500 on. */
export function bigCalendarCsv(n: number): string {
	return rows("day,v", n, (i) => `${new Date(firstDay + i * day).toISOString().slice(0, 10)},${i % 100}`);
}
