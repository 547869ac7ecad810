/**
 * Missing numbers as spreadsheets, R, pandas and statistics offices write them (`NA`, `n/a`, `-`,
 * `..`, `:`): in a column whose other filled cells are numbers they read as null, exactly like an
 * empty cell, through a CSV upload and through JSON rows; a column of only such marks stays text,
 * a typo still keeps its column from being numbers, and decimal marks are decided as before.
 */
import { describe, expect, it } from "vitest";
import { isMissingValueMark, readNumberColumn } from "../../../src/domain/csv-cells";
import { exportCsv } from "../../../src/domain/csv-export";
import { parseCsv } from "../../../src/domain/csv-parse";
import { InvalidDataError } from "../../../src/domain/dataset";
import { seriesForLayout } from "../../../src/domain/layouts";
import { parseSource } from "../../../src/linked-data/parse-source";

function columnsOf(csv: string) {
	return parseCsv(csv).columns.map(({ name, type, values }) => ({ name, type, values }));
}

function columnOf(csv: string, name: string) {
	const column = columnsOf(csv).find((candidate) => candidate.name === name);
	if (!column) throw new Error(`no column ${name}`);
	return { type: column.type, values: column.values };
}

const marks = [
	"-",
	"–",
	"—",
	".",
	"..",
	"...",
	"…",
	":",
	"/",
	"NA",
	"N/A",
	"n/a",
	"N.A.",
	"n.a.",
	"n. a.",
	"#N/A",
	"NaN",
	"null",
	"NULL",
	"k.A.",
	"k. A.",
	"[x]",
	"[c]",
	"[z]",
];

describe("missing-value marks in a number column", () => {
	it("read as empty cells: the tester's table draws, with gaps", () => {
		const dataset = parseCsv("year,Coal,Wind\n2020,12,14\n2021,NA,15\n2022,9,n/a\n");
		expect(dataset.columns.map(({ name, type, values }) => ({ name, type, values }))).toEqual([
			{ name: "year", type: "number", values: [2020, 2021, 2022] },
			{ name: "Coal", type: "number", values: [12, null, 9] },
			{ name: "Wind", type: "number", values: [14, 15, null] },
		]);
		expect(seriesForLayout("line", dataset)).toEqual(["Coal", "Wind"]);
		// The CSV export (and every drawing's data table) shows them as the empty cells they are.
		expect(exportCsv(dataset, ["Coal", "Wind"])).toBe("year,Coal,Wind\n2020,12,14\n2021,,15\n2022,9,\n");
	});

	it.each(marks)("reads %j as null, as an empty cell reads", (mark) => {
		expect(isMissingValueMark(mark)).toBe(true);
		expect(columnOf(`x,v\na,1.5\nb,${mark.includes(",") ? `"${mark}"` : mark}\nc,\nd,2\n`, "v")).toEqual({
			type: "number",
			values: [1.5, null, null, 2],
		});
	});

	it("matches letters in any case, after the cell is trimmed", () => {
		expect(columnOf("x,v\na,1\nb, na \nc,Nan\nd,nUlL\ne, N/a\n", "v")).toEqual({ type: "number", values: [1, null, null, null, null] });
	});

	it("keeps a column of only marks (and empty cells) as text, as before", () => {
		expect(columnOf("x,v\na,NA\nb,-\nc,\n", "v")).toEqual({ type: "text", values: ["NA", "-", null] });
		expect(columnOf("x,v\na,n/a\n", "v")).toEqual({ type: "text", values: ["n/a"] });
		expect(readNumberColumn(["NA", "", "-"], "point")).toBeNull();
		// An empty column is a number column, as it always was.
		expect(readNumberColumn(["", ""], "point")).toEqual({ mark: "point", values: [null, null] });
	});

	it("leaves out letters that can be a category, and spreadsheet errors", () => {
		for (const cell of ["x", "X", "None", "nil", "#DIV/0!", "#VALUE!", "?", "--", "n.d.", "Na2", "N A"]) {
			expect(isMissingValueMark(cell), cell).toBe(false);
			expect(columnOf(`x,v\na,1\nb,${cell}\nc,2\n`, "v"), cell).toEqual({ type: "text", values: ["1", cell, "2"] });
		}
		// 1X2 football results: X is a draw, a category, not a missing number.
		expect(columnOf("match,result\nA-B,1\nC-D,X\nE-F,2\n", "result").type).toBe("text");
	});

	it("still keeps a column with a typo from being numbers, naming the typo's row", () => {
		expect(columnOf("year,Coal\n2020,12\n2021,2O\n2022,NA\n", "Coal")).toEqual({ type: "text", values: ["12", "2O", "NA"] });
		expect(() => seriesForLayout("line", parseCsv("year,Coal\n2020,12\n2021,2O\n2022,NA\n"))).toThrow(
			'column 2 ("Coal") must hold numbers, but row 3 has "2O"',
		);
	});

	it("leaves dates as they were: a mark in a date column keeps it text", () => {
		expect(columnOf("date,v\n2020-01-01,1\nNA,2\n", "date")).toEqual({ type: "text", values: ["2020-01-01", "NA"] });
		expect(columnOf("date,v\n2020-01-01,1\n,2\n", "date").type).toBe("date");
	});
});

describe("missing-value marks and decimal marks", () => {
	it("read as null in a `;` file of decimal commas, `.` and `...` included (never as 0)", () => {
		expect(columnsOf("Jahr;Wert;Anteil\n2020;1,5;.\n2021;.;...\n2022;–;1.234,5\n2023;2,5;k. A.\n")).toEqual([
			{ name: "Jahr", type: "number", values: [2020, 2021, 2022, 2023] },
			{ name: "Wert", type: "number", values: [1.5, null, null, 2.5] },
			{ name: "Anteil", type: "number", values: [null, null, 1234.5, null] },
		]);
	});

	it("let cells that read either way follow the other cells, or the file's separator, as before", () => {
		expect(columnOf("a;b\nA;1.234\nB;NA\n", "b")).toEqual({ type: "number", values: [1234, null] });
		expect(columnOf("a;b\nA;1,234\nB;-\n", "b")).toEqual({ type: "number", values: [1.234, null] });
		expect(columnOf('a,b\nA,"1,234"\nB,..\n', "b")).toEqual({ type: "number", values: [1234, null] });
		expect(columnOf("a,b\nA,1.234\nB,:\n", "b")).toEqual({ type: "number", values: [1.234, null] });
		expect(columnOf("a;b\nA;1.234\nB;NA\nC;0,5\n", "b")).toEqual({ type: "number", values: [1234, null, 0.5] });
	});

	it("do not hide a column that writes decimals both ways", () => {
		expect(() => parseCsv('a,b\nA,1.5\nB,NA\nC,"2,5"\nD,"1,234.5"\n')).toThrow(InvalidDataError);
		expect(() => parseCsv("a;b\nA;1.234,5\nB;n/a\nC;1,234.5\n")).toThrow("writes numbers two ways");
	});
});

describe("missing-value marks in JSON rows", () => {
	it("read as null in objects and in arrays of arrays, beside JSON's own null", () => {
		const objects = parseSource(
			'[{"year":2020,"Coal":12,"Wind":"14"},{"year":2021,"Coal":"NA","Wind":15},{"year":2022,"Coal":null,"Wind":"n/a"}]',
			"application/json",
		);
		expect(objects.columns.map(({ name, type, values }) => ({ name, type, values }))).toEqual([
			{ name: "year", type: "number", values: [2020, 2021, 2022] },
			{ name: "Coal", type: "number", values: [12, null, null] },
			{ name: "Wind", type: "number", values: [14, 15, null] },
		]);
		const arrays = parseSource('[["land","wert"],["A",1.5],["B","–"],["C","#N/A"],["D",""]]', null);
		expect(arrays.columns[1]).toEqual({ name: "wert", type: "number", values: [1.5, null, null, null] });
	});

	it("keep a column of only marks as text", () => {
		const dataset = parseSource('[{"a":"x","b":"NA"},{"a":"y","b":null}]', "application/json");
		expect(dataset.columns[1]).toEqual({ name: "b", type: "text", values: ["NA", null] });
	});
});
