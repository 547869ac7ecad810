/**
 * The Data step's table reads missing-value marks (`NA`, `n/a`, `-`, `..`) exactly as the API
 * does: a column of numbers with marks is a number column, a column of only marks is text, a mark
 * is no typo to hold back, and "Read as numbers" keeps marks as they are written.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { typoCells } from "../../../src/console/screens/editor/steps/data/held-cells.ts";
import {
	cellsNotOfType,
	columnType,
	readColumnAs,
	setCell,
	type Table,
	tableFromDataset,
	tableFromGrid,
	tableProblems,
	tableToCsv,
} from "../../../src/console/screens/editor/steps/data/table-model.ts";
import { parseCsv } from "../../../src/domain/csv-parse.ts";

/** One column "v" beside a label column, its cells as given. */
function column(...cells: string[]): Table {
	return tableFromGrid([["label", "v"], ...cells.map((cell, index) => [`r${index}`, cell])]);
}

/** What the API makes of the table the grid sends: the column's type, or its refusal. */
function apiType(table: Table, index: number): string {
	try {
		return parseCsv(tableToCsv(table).csv).columns[index]?.type ?? "missing";
	} catch (error) {
		return `refused: ${(error as Error).message}`;
	}
}

describe("a column with missing-value marks", () => {
	it("is a number column beside a number, as the API reads it", () => {
		const table = tableFromGrid([
			["year", "Coal", "Wind"],
			["2020", "12", "14"],
			["2021", "NA", "15"],
			["2022", "9", "n/a"],
		]);
		assert.equal(columnType(table, 1), "number");
		assert.equal(columnType(table, 2), "number");
		assert.deepEqual(cellsNotOfType(table, 1, "number"), []);
		assert.deepEqual(cellsNotOfType(table, 2, "number"), []);
		assert.deepEqual(tableProblems(table), []);
	});

	it("agrees with the API's type for every shape", () => {
		const shapes: string[][] = [
			["12", "NA", "9"],
			["NA", "-", ""],
			["n/a"],
			["1,5", ".", "2,5"],
			["1.234", "…", ""],
			["2O", "NA", "5"],
			["x", "1", "2"],
			["#N/A", "", "3.5"],
			["1 234,5", "k. A.", "[x]"],
			["2024-01-01", "NA"],
			["", ""],
			["..", "..."],
			["-", "-5", "–"],
		];
		for (const cells of shapes) {
			const table = column(...cells);
			assert.equal(columnType(table, 1), apiType(table, 1), JSON.stringify(cells));
			// A number column has no cell that keeps it from being one, and a text column has one.
			const misfits = cellsNotOfType(table, 1, "number");
			assert.equal(misfits.length === 0, apiType(table, 1) === "number", JSON.stringify(cells));
		}
	});

	it("names the typo, not the marks, as what keeps the column from being numbers", () => {
		assert.deepEqual(cellsNotOfType(column("12", "NA", "2O", "-"), 1, "number"), [2]);
		// Beside no number, the marks are what keep it text: emptying every listed cell makes it numbers.
		assert.deepEqual(cellsNotOfType(column("NA", "2O", "-"), 1, "number"), [0, 1, 2]);
		assert.deepEqual(cellsNotOfType(column("NA", "", "-"), 1, "number"), [0, 2]);
		assert.equal(columnType(column("", "", ""), 1), "number");
	});

	it("keeps the decimal comma the column's cells decide", () => {
		const table = column("1,5", "NA", "2,5");
		assert.equal(columnType(table, 1), "number");
		assert.deepEqual(parseCsv(tableToCsv(table).csv).columns[1]?.values, [1.5, null, 2.5]);
	});

	it("still says when a column writes decimals both ways", () => {
		const [problem] = tableProblems(column("1.5", "NA", "1,5"));
		assert.match(problem?.message ?? "", /writes numbers two ways: row 2 has “1.5” .* row 4 has “1,5”/);
	});

	it("shows the marks as empty cells once the API answers the data", () => {
		const loaded = tableFromDataset(parseCsv("year,Coal\n2020,12\n2021,NA\n2022,-\n"));
		assert.deepEqual(
			loaded.rows.map((row) => row[1]),
			["12", "", ""],
		);
	});
});

describe("saving a column with marks", () => {
	it("sends a mark typed into a number column, and holds a typo back", () => {
		const saved = column("12", "14", "9");
		const withMark = setCell(saved, { row: 1, column: 1 }, "NA");
		assert.deepEqual(typoCells(saved, withMark), []);
		const withTypo = setCell(withMark, { row: 2, column: 1 }, "9O");
		assert.deepEqual(
			typoCells(saved, withTypo).map((cell) => cell.at),
			[{ row: 2, column: 1 }],
		);
	});
});

describe("Read as numbers", () => {
	it("keeps marks as written and reads the rest", () => {
		const { table, unreadable } = readColumnAs(column("12 €", "NA", "1.234,5 €", " - "), 1, { type: "number", decimal: "," });
		assert.deepEqual(unreadable, []);
		assert.deepEqual(
			table.rows.map((row) => row[1]),
			["12", "NA", "1234.5", " - "],
		);
		assert.equal(columnType(table, 1), "number");
		assert.deepEqual(parseCsv(tableToCsv(table).csv).columns[1]?.values, [12, null, 1234.5, null]);
	});

	it("lists the marks when no cell is a number, since the column then stays text", () => {
		const { unreadable } = readColumnAs(column("NA", "soon", "-"), 1, { type: "number", decimal: "." });
		assert.deepEqual(unreadable, [0, 1, 2]);
	});
});
