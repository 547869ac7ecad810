import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
	cellsNotOfType,
	clearRange,
	columnType,
	gridToClipboard,
	insertColumn,
	insertRows,
	parseClipboard,
	pasteGrid,
	rangeGrid,
	readColumnAs,
	readDate,
	readNumber,
	record,
	redo,
	removeColumns,
	removeRows,
	renamedColumns,
	setCell,
	startHistory,
	tableFromDataset,
	tableFromGrid,
	tableProblems,
	tableToCsv,
	transpose,
	undo,
} from "../../../src/console/screens/editor/steps/data/table-model.ts";
import { parseCsv } from "../../../src/domain/csv-parse.ts";

const sample = () =>
	tableFromGrid([
		["year", "China", "India"],
		["2000", "71.4", "62.9"],
		["2005", "72.9", "64.8"],
	]);

describe("the data table's model", () => {
	it("writes CSV the API's parser reads back cell for cell, whatever the cells hold", () => {
		const tricky = tableFromGrid([
			["label", "a;b", 'say "hi"', "tab\there"],
			["line\nbreak", "1,234", "x|y", "plain"],
			["", "", "", "only last"],
			["comma, inside", "-5e3", "", ""],
		]);
		const { csv, sentRows } = tableToCsv(tricky);
		assert.deepEqual(sentRows, [0, 1, 2]);
		const parsed = parseCsv(csv);
		assert.deepEqual(
			parsed.columns.map((column) => column.name),
			tricky.header,
		);
		assert.deepEqual(parsed.columns[0]?.values, ["line\nbreak", null, "comma, inside"]);
		assert.deepEqual(parsed.columns[1]?.values, [1234, null, -5000]);
		assert.deepEqual(parsed.columns[2]?.values, ["x|y", null, null]);
		// A one-column table keeps its rows, empty ones included once they hold something.
		const single = tableFromGrid([["name"], ["a;b"], ["c"]]);
		assert.deepEqual(parseCsv(tableToCsv(single).csv).columns[0]?.values, ["a;b", "c"]);
		// Semicolons in every cell of a one-column table: unquoted, the parser would take them for the delimiter.
		const semicolons = tableFromGrid([["a;b"], ["1;2"], ["3;4"]]);
		assert.deepEqual(
			parseCsv(tableToCsv(semicolons).csv).columns.map((column) => [column.name, column.values]),
			[["a;b", ["1;2", "3;4"]]],
		);
	});

	it("round-trips a dataset the API answered", () => {
		const dataset = parseCsv("when,value,note\n2024-01,1.5,a\n2024-02,,b\n2024-03,1e21,\n");
		const table = tableFromDataset(dataset);
		assert.deepEqual(table.rows[1], ["2024-02", "", "b"]);
		assert.deepEqual(parseCsv(tableToCsv(table).csv), dataset);
	});

	it("detects column types as the API will", () => {
		const table = tableFromGrid([
			["a", "b", "c", "d"],
			["1,000", "2024-02-29", "x", ""],
			["", "2024-03", "2", ""],
		]);
		assert.deepEqual(
			[0, 1, 2, 3].map((column) => columnType(table, column)),
			["number", "date", "text", "number"],
		);
		assert.deepEqual(cellsNotOfType(table, 2, "number"), [0]);
		for (let column = 0; column < 3; column++) {
			assert.equal(parseCsv(tableToCsv(table).csv).columns[column]?.type, columnType(table, column));
		}
	});

	it("detects decimal commas as the API reads the CSV it is sent, and says where a column writes decimals both ways", () => {
		const table = tableFromGrid([
			["Partei", "Anteil", "Stimmen", "Tausend", "gemischt"],
			["SPD", "25,7", "11.955.434", "1,234", "1,234.5"],
			["CDU", "28,6", "8 775 471", "2,500", "7"],
			["FDP", "", "1.234", "", "1.234,5"],
		]);
		assert.deepEqual(
			[0, 1, 2, 3, 4].map((column) => columnType(table, column)),
			["text", "number", "number", "number", "text"],
		);
		assert.deepEqual(cellsNotOfType(table, 4, "number"), []);
		assert.deepEqual(
			tableProblems(table).map((problem) => [problem.message, problem.at]),
			[
				[
					"Column “gemischt” writes numbers two ways: row 2 has “1,234.5” (a decimal point) and row 4 has “1.234,5” (a decimal comma). Write every number in the column one way.",
					{ row: 2, column: 4 },
				],
			],
		);
		const withoutMixed = removeColumns(table, 4);
		const sent = parseCsv(tableToCsv(withoutMixed).csv);
		assert.deepEqual(
			sent.columns.map((column) => [column.type, column.values]),
			[
				["text", ["SPD", "CDU", "FDP"]],
				["number", [25.7, 28.6, null]],
				["number", [11_955_434, 8_775_471, 1234]],
				["number", [1234, 2500, null]],
			],
		);
		for (let column = 0; column < 4; column++) assert.equal(sent.columns[column]?.type, columnType(withoutMixed, column));
		assert.throws(() => parseCsv(tableToCsv(table).csv), /Column "gemischt" writes numbers two ways/);
	});

	it("edits cells, rows and columns without changing the table it was given", () => {
		const table = sample();
		const edited = setCell(table, { row: 0, column: 1 }, "70");
		assert.equal(table.rows[0]?.[1], "71.4");
		assert.equal(edited.rows[0]?.[1], "70");
		assert.equal(edited.rows[1], table.rows[1], "unchanged rows are shared");
		assert.equal(setCell(table, { row: 0, column: 1 }, "71.4"), table, "the same value is no edit");
		assert.equal(setCell(table, { row: 9, column: 1 }, "x"), table, "outside the table is no edit");
		const renamed = setCell(table, { row: -1, column: 2 }, "Bharat");
		assert.deepEqual(renamed.header, ["year", "China", "Bharat"]);
		assert.deepEqual(renamedColumns(table, renamed), new Map([["India", "Bharat"]]));

		const withRow = insertRows(table, 1);
		assert.deepEqual(withRow.rows[1], ["", "", ""]);
		assert.deepEqual(removeRows(withRow, 1).rows, table.rows);
		const withColumn = insertColumn(table, 1);
		assert.deepEqual(withColumn.header, ["year", "Column 2", "China", "India"]);
		assert.deepEqual(withColumn.rows[0], ["2000", "", "71.4", "62.9"]);
		assert.deepEqual(insertColumn(withColumn, 1).header[1], "Column 2 (2)");
		const without = removeColumns(withColumn, 1);
		assert.deepEqual(without.header, table.header);
		assert.deepEqual(without.ids, table.ids);
		assert.equal(removeColumns(tableFromGrid([["only"], ["1"]]), 0).header.length, 1, "the last column stays");
	});

	it("transposes: the first column becomes the header", () => {
		const turned = transpose(sample());
		assert.deepEqual(turned.header, ["year", "2000", "2005"]);
		assert.deepEqual(turned.rows, [
			["China", "71.4", "72.9"],
			["India", "62.9", "64.8"],
		]);
		assert.deepEqual(transpose(turned).rows, sample().rows);
	});

	it("pastes a spreadsheet range, growing the table, and copies one back", () => {
		const grid = parseClipboard('2010\t74.4\t66.6\t"a ""q"""\r\n2015\t76.1\t68.6\tb\r\n');
		assert.deepEqual(grid, [
			["2010", "74.4", "66.6", 'a "q"'],
			["2015", "76.1", "68.6", "b"],
		]);
		const pasted = pasteGrid(sample(), { row: 1, column: 0 }, grid);
		assert.deepEqual(pasted.header, ["year", "China", "India", "Column 4"]);
		assert.equal(pasted.rows.length, 3);
		assert.deepEqual(pasted.rows[2], ["2015", "76.1", "68.6", "b"]);
		assert.deepEqual(pasted.rows[0], ["2000", "71.4", "62.9", ""]);
		const copied = rangeGrid(pasted, { top: 2, left: 3, bottom: 1, right: 2 });
		assert.deepEqual(copied, [
			["66.6", 'a "q"'],
			["68.6", "b"],
		]);
		assert.equal(gridToClipboard(copied), '66.6\t"a ""q"""\n68.6\tb');
		assert.deepEqual(parseClipboard(gridToClipboard(copied)), copied);
		assert.deepEqual(parseClipboard("one\ntwo\n"), [["one"], ["two"]]);
		assert.deepEqual(clearRange(pasted, { top: -1, left: 1, bottom: 0, right: 1 }).header, pasted.header, "names are not cleared");
		assert.equal(clearRange(pasted, { top: 0, left: 1, bottom: 0, right: 1 }).rows[0]?.[1], "");
	});

	it("reads a column as numbers or dates in the format it was typed in", () => {
		assert.equal(readNumber("1.234,5", ","), "1234.5");
		assert.equal(readNumber("$1,200", "."), "1200");
		assert.equal(readNumber("12 %", "."), "12");
		assert.equal(readNumber("(3.5)", "."), "-3.5");
		assert.equal(readNumber("−2", "."), "-2");
		assert.equal(readNumber("n/a", "."), null);
		assert.equal(readDate("31/12/2024", "dmy"), "2024-12-31");
		assert.equal(readDate("12/31/2024", "mdy"), "2024-12-31");
		assert.equal(readDate("2024.02.29", "ymd"), "2024-02-29");
		assert.equal(readDate("31/02/2024", "dmy"), null);
		assert.equal(readDate("Dec 2024", "my"), "2024-12");
		assert.equal(readDate("2024 March", "my"), "2024-03");
		assert.equal(readDate("03/2024", "my"), "2024-03");
		const table = tableFromGrid([
			["when", "value"],
			["31.12.2024", "1.234,5"],
			["soon", "2,5"],
			["", ""],
		]);
		const numbers = readColumnAs(table, 1, { type: "number", decimal: "," });
		assert.deepEqual(numbers.unreadable, []);
		assert.equal(columnType(numbers.table, 1), "number");
		const dates = readColumnAs(table, 0, { type: "date", order: "dmy" });
		assert.deepEqual(dates.unreadable, [1]);
		assert.deepEqual(
			dates.table.rows.map((row) => row[0]),
			["2024-12-31", "soon", ""],
		);
	});

	it("names what the API would refuse before sending", () => {
		const problems = tableProblems(
			tableFromGrid([
				["a", " a ", ""],
				["", "", ""],
			]),
		);
		assert.deepEqual(
			problems.map((problem) => [problem.message, problem.at]),
			[
				["Columns 1 and 2 are both named “a”; column names must differ.", { row: -1, column: 1 }],
				["Column 3 has no name: type one in its header cell.", { row: -1, column: 2 }],
				["The table has no data rows: fill in at least one row.", undefined],
			],
		);
		assert.deepEqual(tableProblems(sample()), []);
	});

	it("undoes and redoes edits, and a new edit clears what could be redone", () => {
		let history = startHistory(sample());
		history = record(history, setCell(history.table, { row: 0, column: 1 }, "1"));
		history = record(history, setCell(history.table, { row: 0, column: 1 }, "2"));
		assert.equal(record(history, history.table), history);
		history = undo(history);
		assert.equal(history.table.rows[0]?.[1], "1");
		history = redo(history);
		assert.equal(history.table.rows[0]?.[1], "2");
		history = undo(undo(history));
		assert.equal(history.table.rows[0]?.[1], "71.4");
		assert.equal(undo(history), history, "nothing more to undo");
		history = record(history, transpose(history.table));
		assert.equal(history.future.length, 0);
	});
});
