/**
 * A deterministic CSV of `rows` data rows in the layout each kind needs (docs/design.md#section-4), for
 * drawing every kind at its maximum size. Values vary so downsampling and aggregation have
 * real shapes to keep; names are unique so nothing collapses by accident.
 */
import type { ChartKind } from "../../src/domain/kinds.ts";

function day(offset: number): string {
	return new Date(Date.UTC(1500, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}

function wave(i: number, k = 0): number {
	return Math.round((100 + 60 * Math.sin(i / (50 + k * 13)) + ((i * (k + 7)) % 37)) * 100) / 100;
}

const isoCountries = ["FRA", "DEU", "ITA", "ESP", "USA", "BRA", "CHN", "IND", "JPN", "ZAF", "NGA", "AUS", "CAN", "MEX", "ARG"];

function lines(header: string, rows: number, row: (i: number) => string): string {
	const out = [header];
	for (let i = 0; i < rows; i++) out.push(row(i));
	return `${out.join("\n")}\n`;
}

export function kindCsv(kind: ChartKind, rows: number): string {
	switch (kind) {
		case "line":
		case "multiples":
			return lines(
				"date,alpha,beta,gamma,delta,epsilon",
				rows,
				(i) => `${day(i)},${wave(i)},${wave(i, 1)},${wave(i, 2)},${wave(i, 3)},${wave(i, 4)}`,
			);
		case "themeriver":
			return lines("date,coal,wind,solar", rows, (i) => `${day(i)},${wave(i)},${wave(i, 1)},${wave(i, 2)}`);
		case "horizontal-bar":
		case "radar":
		case "pie":
			return lines("name,value,other", rows, (i) => `item ${i},${wave(i)},${wave(i, 1)}`);
		case "table":
			return lines("name,role,salary,bonus", rows, (i) => `person ${i},role ${i % 17},${wave(i) * 40},${wave(i, 1)}`);
		case "map":
			// Real countries first, then regions no base map knows: every one is reported, none may crash.
			return lines("country,value", rows, (i) => `${i < isoCountries.length ? isoCountries[i] : `Region ${i}`},${wave(i)}`);
		case "dot":
		case "range":
		case "arrow":
			return lines("name,start,end", rows, (i) => `row ${i},${wave(i)},${wave(i, 3)}`);
		case "treemap":
			return lines("continent,country,city,value", rows, (i) => `continent ${i % 7},country ${i % 211},city ${i},${wave(i)}`);
		case "scatter":
			return lines("name,group,x,y,size", rows, (i) => `point ${i},group ${i % 5},${wave(i)},${wave(i, 2)},${wave(i, 4)}`);
		case "candlestick":
			return lines("date,open,high,low,close,volume", rows, (i) => {
				const open = wave(i);
				const close = wave(i + 1);
				return `${day(i)},${open},${Math.max(open, close) + 2},${Math.min(open, close) - 2},${close},${1000 + (i % 500)}`;
			});
		case "heatmap":
			return lines("x,y,value", rows, (i) => `x${i % 500},y${Math.floor(i / 500)},${wave(i)}`);
		case "sankey":
			// A chain: the deepest graph a sankey can be, every node a new level.
			return lines("source,target,value", rows, (i) => `node ${i},node ${i + 1},${wave(i)}`);
		case "boxplot":
			return lines("group,value", rows, (i) => `group ${i % 40},${wave(i)}`);
	}
}
