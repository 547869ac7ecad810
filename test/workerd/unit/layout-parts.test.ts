/**
 * The layout's checks on what a part-to-whole or one-value-per-place chart draws: a pie's or
 * treemap's parts below zero, and a pie's label, a map's region or a heatmap's cell given twice.
 */
import { describe, expect, it } from "vitest";
import { readTable } from "../../../src/domain/column-roles-auto";
import { parseCsv } from "../../../src/domain/csv-parse";
import { InvalidDataError } from "../../../src/domain/invalid-data";
import type { ChartKind } from "../../../src/domain/kinds";
import type { LayoutDrawing } from "../../../src/domain/layouts";
import { seriesForLayout } from "../../../src/domain/layouts";
import { regionKey } from "../../../src/domain/region-key";
import { DrawingNotes } from "../../../src/render/drawing-notes";
import type { RenderInput } from "../../../src/render/input";
import { pieOption, treemapOption } from "../../../src/render/kinds/part-to-whole";
import { renderInputFor } from "../../harness/workerd/render-input";

function refusal(kind: ChartKind, csv: string, drawing?: LayoutDrawing): InvalidDataError {
	try {
		seriesForLayout(kind, parseCsv(csv), drawing);
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidDataError);
		return error as InvalidDataError;
	}
	throw new Error(`a ${kind} chart of ${JSON.stringify(csv)} was not refused`);
}

describe("parts below zero", () => {
	it("refuses a pie with a negative part, naming the row, the column and the value", () => {
		const error = refusal("pie", "party,change\nGreens,7\nLabour,-3\n");
		expect(error.message).toBe(
			'Row 3 has a negative value (-3) in "change": a pie shows parts of a whole, so every part must be 0 or more. Draw values that fall below zero (changes, balances) as a bar chart.',
		);
		expect(error.details).toEqual({ row: 3, column: "change" });
	});

	it("refuses a flat and a nested treemap with a negative part", () => {
		const flat = refusal("treemap", "name,v\nA,5\nB,-3\nC,0\n");
		expect(flat.message).toContain('Row 3 has a negative value (-3) in "v": a treemap shows parts of a whole as areas');
		expect(flat.details).toEqual({ row: 3, column: "v" });
		const nested = refusal("treemap", "region,country,gdp\nEurope,France,3\nEurope,Italy,2\nAsia,Japan,-0.5\n");
		expect(nested.message).toContain('Row 4 has a negative value (-0.5) in "gdp"');
		expect(nested.details).toEqual({ row: 4, column: "gdp" });
	});

	it("allows parts of zero and empty cells", () => {
		expect(seriesForLayout("pie", parseCsv("party,seats\nGreens,0\nLabour,\nLiberals,4\n"))).toEqual(["seats"]);
		expect(seriesForLayout("treemap", parseCsv("name,v\nA,5\nB,0\nC,\n"))).toEqual(["v"]);
		expect(seriesForLayout("pie", parseCsv("party,seats\nGreens,-0\nLabour,2\n"))).toEqual(["seats"]);
	});

	it("checks only the column a pie draws: the first one not hidden", () => {
		// Not drawn: a later column's negatives refuse nothing.
		expect(seriesForLayout("pie", parseCsv("party,seats,change\nGreens,19,7\nLabour,38,-3\n"))).toEqual(["seats", "change"]);
		// A hidden first column is not drawn, so its negatives refuse nothing; the column drawn instead is checked.
		const hidden = { hidden: new Set(["change"]) };
		expect(seriesForLayout("pie", parseCsv("party,change,seats\nGreens,7,19\nLabour,-3,38\n"), hidden)).toEqual(["change", "seats"]);
		expect(refusal("pie", "party,change,seats\nGreens,7,19\nLabour,-3,-1\n", hidden).details).toEqual({ row: 3, column: "seats" });
		// Not hidden (or hidden where the layout is not told): the refusal says how to draw the other column.
		const other = refusal("pie", "party,change,seats\nGreens,7,19\nLabour,-3,38\n");
		expect(other.message).toContain(' as a bar chart, or draw "seats" instead: meta.columns {"label":"party","value":"seats"}.');
		expect(other.details).toEqual({ row: 3, column: "change", columns: { label: "party", value: "seats" } });
		expect(refusal("treemap", "name,change,v\nA,-1,5\n").details?.columns).toEqual({ path: "name", value: "v" });
		expect(seriesForLayout("treemap", parseCsv("name,change,v\nA,-1,5\nB,2,3\n"), hidden)).toEqual(["change", "v"]);
		// Every column hidden: nothing is drawn, nothing refused.
		expect(seriesForLayout("pie", parseCsv("party,change\nGreens,7\nLabour,-3\n"), hidden)).toEqual(["change"]);
	});

	it("leaves statistics to the renderer, which draws each series at one period", () => {
		const aligned = "period,World,Europe\n2020-01-01,-0.2,1\n2021-01-01,0.4,2\n";
		expect(seriesForLayout("pie", parseCsv(aligned), { fromStatistics: true })).toEqual(["World", "Europe"]);
	});

	it("keeps negative values where they mean something: maps, bars, heatmaps", () => {
		expect(seriesForLayout("map", parseCsv("country,change\nFRA,-2\nDEU,3\n"))).toEqual(["change"]);
		expect(seriesForLayout("horizontal-bar", parseCsv("party,change\nGreens,7\nLabour,-3\n"))).toEqual(["change"]);
		expect(seriesForLayout("heatmap", parseCsv("day,hour,delta\nMon,9,-1\nMon,10,2\n"))).toEqual(["delta"]);
	});
});

describe("a part given twice", () => {
	it("refuses a map with a region twice, naming both rows", () => {
		const error = refusal("map", "country,year,value\nFRA,2020,1\nFRA,2021,2\nDEU,2020,3\n");
		expect(error.message).toBe(
			`Rows 2 and 3 both give "FRA": a map shows one value per region. Keep one row per region (one year's rows, for a table of several years).`,
		);
		expect(error.details).toEqual({ row: 3, column: "country" });
		expect(refusal("map", "country,v\nFRA,1\nDEU,2\nFRA,50\n").details).toEqual({ row: 4, column: "country" });
	});

	it("compares regions as the map matches them: case, accents and spacing aside", () => {
		const error = refusal("map", "country,v\nCôte d'Ivoire,1\nFRA,2\n cote d ivoire ,3\n");
		expect(error.message).toContain(
			`Rows 2 ("Côte d'Ivoire") and 4 ("cote d ivoire") both give one region: a map shows one value per region.`,
		);
		expect(refusal("map", "state,v\nTexas,1\nTEXAS,2\n").details).toEqual({ row: 3, column: "state" });
		expect(regionKey("  Côte d’Ivoire ")).toBe("cote d ivoire");
		expect(regionKey("FRA")).toBe("fra");
	});

	it("allows a map with distinct regions, and empty region cells", () => {
		expect(seriesForLayout("map", parseCsv("country,v\nFRA,1\nDEU,2\nFRANCE,3\n,4\n,5\n"))).toEqual(["v"]);
	});

	it("refuses a heatmap with one x and y pair twice", () => {
		const error = refusal("heatmap", "day,hour,visits\nMon,9,1\nTue,9,5\nMon,9,100\n");
		expect(error.message).toBe(
			'Rows 2 and 4 both give day "Mon" and hour "9": a heatmap shows one value per cell. Keep one row per pair of day and hour (add up or average the others first).',
		);
		expect(error.details).toEqual({ row: 4, column: "day" });
	});

	it("allows a heatmap whose x and y each repeat, as they should", () => {
		expect(seriesForLayout("heatmap", parseCsv("day,hour,visits\nMon,9,1\nMon,10,2\nTue,9,3\nTue,10,4\n"))).toEqual(["visits"]);
	});

	it("refuses a calendar heatmap with a date twice, and allows times within one day", () => {
		const error = refusal("heatmap", "date,visits\n2026-01-01,3\n2026-01-02,4\n2026-01-01,5\n");
		expect(error.message).toBe(
			'Rows 2 and 4 both give date "2026-01-01": a calendar heatmap shows one value per date. Keep one row per date (add up or average the others first).',
		);
		expect(error.details).toEqual({ row: 4, column: "date" });
		expect(seriesForLayout("heatmap", parseCsv("time,visits\n2026-01-01T09:00,3\n2026-01-01T10:00,4\n"))).toEqual(["visits"]);
	});

	it("refuses a pie whose label repeats", () => {
		const error = refusal("pie", "party,seats\nGreens,19\nLabour,38\nGreens,4\n");
		expect(error.message).toBe(
			'Rows 2 and 4 both give "Greens" in "party": a pie shows one slice per label. Keep one row per label (add up their values first).',
		);
		expect(error.details).toEqual({ row: 4, column: "party" });
	});

	it("allows the kinds whose labels repeat as they should: boxplot groups, sankey nodes, nested treemap paths, lines", () => {
		expect(seriesForLayout("boxplot", parseCsv("group,value\nA,1\nA,2\nB,3\nB,4\n"))).toEqual(["value"]);
		expect(seriesForLayout("sankey", parseCsv("source,target,value\nA,B,1\nA,C,2\nB,C,3\n"))).toEqual(["value"]);
		expect(seriesForLayout("treemap", parseCsv("region,country,v\nEurope,France,3\nEurope,Italy,2\n"))).toEqual(["v"]);
		expect(seriesForLayout("line", parseCsv("x,y\nA,1\nA,2\n"))).toEqual(["y"]);
	});

	it("leaves statistics alone: their first column is the aligned periods", () => {
		expect(seriesForLayout("map", parseCsv("period,France\n2020-01-01,1\n"), { fromStatistics: true })).toEqual(["France"]);
	});
});

describe("cost", () => {
	it("checks 200,000 rows in one pass", () => {
		const rows = Array.from({ length: 200_000 }, (_, i) => `r${i},${i % 7}`);
		for (const kind of ["pie", "map", "treemap"] as const) {
			const dataset = parseCsv(`label,v\n${rows.join("\n")}\n`);
			const started = Date.now();
			expect(seriesForLayout(kind, dataset)).toEqual(["v"]);
			expect(Date.now() - started, kind).toBeLessThan(1_000);
		}
		const cells = Array.from({ length: 200_000 }, (_, i) => `d${i % 500},h${Math.floor(i / 500)},${i}`);
		const heat = parseCsv(`x,y,v\n${cells.join("\n")}\n`);
		const started = Date.now();
		expect(seriesForLayout("heatmap", heat)).toEqual(["v"]);
		expect(Date.now() - started).toBeLessThan(1_000);
	});
});

describe("the renderer, for parts below zero the layout check cannot see", () => {
	const drawnNames = (option: Record<string, unknown>) =>
		((option.series as { data: { name: string }[] }[])[0]?.data ?? []).map((part) => part.name);
	/** A drawing input over `csv` as stored, without the layout check (data stored before it, or statistics). */
	function stored(kind: "pie" | "treemap", csv: string, rest: Partial<RenderInput> = {}): RenderInput {
		const dataset = parseCsv(csv);
		const seriesNames = dataset.columns.filter((column) => column.type === "number").map((column) => column.name);
		return { ...renderInputFor({ kind }), dataset, seriesNames, ...rest };
	}

	it("leaves out a slice a transform takes below zero, and says so", () => {
		const input = renderInputFor({
			kind: "pie",
			csv: "party,seats\nGreens,0\nLabour,3\nLiberals,2\n",
			meta: { seriesTransform: { seats: { ops: [{ fn: "multiply", args: [-1] }] } } },
		});
		const notes = new DrawingNotes();
		expect(drawnNames(pieOption(input, notes))).toEqual(["Greens"]);
		expect(notes.sentences).toEqual([
			"2 slices below zero are left out (Labour, Liberals): a pie shows parts of a whole, so draw values below zero as a bar chart",
		]);
	});

	it("leaves out a library series below zero at its period", () => {
		const input = stored("pie", "period,World,Europe\n2020-01-01,1,1\n2021-01-01,-0.2,2\n", { fromStatistics: true });
		const notes = new DrawingNotes();
		expect(drawnNames(pieOption(input, notes))).toEqual(["Europe"]);
		expect(notes.sentences[0]).toMatch(/^1 slice below zero is left out \(World\)/);
	});

	it("leaves out flat and nested treemap boxes below zero in data stored before the check", () => {
		const flatNotes = new DrawingNotes();
		expect(drawnNames(treemapOption(stored("treemap", "name,v\nA,5\nB,-3\nC,0\n"), flatNotes))).toEqual(["A", "C"]);
		expect(flatNotes.sentences[0]).toMatch(/^1 box below zero is left out \(B\): a treemap shows parts/);
		const nestedNotes = new DrawingNotes();
		const nested = treemapOption(stored("treemap", "region,country,gdp\nEurope,France,3\nEurope,Italy,-2\nAsia,Japan,1\n"), nestedNotes);
		expect(JSON.stringify(nested.series)).not.toContain("Italy");
		expect(nestedNotes.sentences[0]).toMatch(/^1 box below zero is left out \(Europe › Italy\)/);
	});

	it("says nothing when every part is 0 or more", () => {
		const notes = new DrawingNotes();
		expect(drawnNames(pieOption(renderInputFor({ kind: "pie", csv: "party,seats\nGreens,0\nLabour,3\n" }), notes))).toEqual([
			"Greens",
			"Labour",
		]);
		expect(notes.sentences).toEqual([]);
	});
});

describe("reading a table for a chart (with and without meta.columns) meets the same checks", () => {
	function readRefusal(kind: ChartKind, csv: string, columns?: Record<string, string | string[]>): InvalidDataError {
		try {
			readTable(kind, parseCsv(csv), columns ? { columns } : {});
		} catch (error) {
			expect(error).toBeInstanceOf(InvalidDataError);
			return error as InvalidDataError;
		}
		throw new Error(`a ${kind} chart of ${JSON.stringify(csv)} was read`);
	}

	it.each([
		["pie", "party,change\nGreens,7\nLabour,-3\n", undefined, 'Row 3 has a negative value (-3) in "change"', 3],
		["pie", "party,change\nGreens,7\nLabour,-3\n", { label: "party", value: "change" }, 'Row 3 has a negative value (-3) in "change"', 3],
		["treemap", "name,v\nA,5\nB,-3\nC,0\n", undefined, 'Row 3 has a negative value (-3) in "v"', 3],
		["map", "country,year,value\nFRA,2020,1\nFRA,2021,2\nDEU,2020,3\n", undefined, 'Rows 2 and 3 both give "FRA"', 3],
		["map", "country,v\nFRA,1\nFRA,50\n", { region: "country", value: "v" }, 'Rows 2 and 3 both give "FRA"', 3],
		["heatmap", "day,hour,visits\nMon,9,1\nMon,9,100\n", undefined, 'Rows 2 and 3 both give day "Mon" and hour "9"', 3],
		["pie", "party,seats\nGreens,19\nGreens,4\n", undefined, 'Rows 2 and 3 both give "Greens"', 3],
	] as const)("%s %j (columns %j) is refused: %s", (kind, csv, columns, says, row) => {
		const error = readRefusal(kind, csv, columns);
		expect(error.message).toContain(says);
		expect(error.details?.row).toBe(row);
	});

	it("draws a pie of the column meta.columns names, whatever another column holds", () => {
		const read = readTable("pie", parseCsv("party,change,seats\nGreens,7,19\nLabour,-3,38\n"), {
			columns: { label: "party", value: "seats" },
		});
		expect(read.seriesNames).toEqual(["seats"]);
	});
});
