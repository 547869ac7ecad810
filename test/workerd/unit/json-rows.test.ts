import { describe, expect, it } from "vitest";
import { maxCsvColumns } from "../../../src/domain/csv-cells";
import { InvalidDataError } from "../../../src/domain/invalid-data";
import { maxJsonCells, readJsonRows } from "../../../src/domain/json-rows";
import { parseSource } from "../../../src/linked-data/parse-source";

const key = (i: number) => `"column ${i}":${i}`;

describe("readJsonRows", () => {
	it("reads object rows as columns in order of first appearance, numbers as JavaScript writes them", () => {
		expect(readJsonRows('[{"b":1.50,"2020":1e3},{"c":true,"b":null},{"b":"x\\ny"}]')).toEqual({
			header: ["b", "2020", "c"],
			rows: [
				["1.5", "1000", ""],
				["", "", "true"],
				["x\ny", "", ""],
			],
		});
	});

	it("reads array rows after a header, leaving out rows of only empty cells as a CSV does", () => {
		expect(readJsonRows(' [["year","v"],[2020,-0.5],[null,""],[2021,false]] ')).toEqual({
			header: ["year", "v"],
			rows: [
				["2020", "-0.5"],
				["2021", "false"],
			],
		});
	});

	it("gives the same dataset as the same data sent as CSV", () => {
		const json = parseSource('[{"party":"Greens","seats":19},{"party":"Labour","seats":38}]', "application/json");
		const csv = parseSource("party,seats\nGreens,19\nLabour,38\n", "text/csv");
		expect(json).toEqual(csv);
	});

	it.each([
		['[{"a":1}', "not valid JSON"],
		['[{"a":1},]', "not valid JSON"],
		['[{"a":01}]', "not valid JSON"],
		['[{"a":"\\x"}]', "not valid JSON"],
		['{"a":1}', "must be an array of rows"],
		["[]", "empty array"],
		['[{"a":1},[1]]', "Row 3 of the JSON source is not an object"],
		['[["a"],{"a":1}]', "Row 2 of the JSON source is not an array"],
		['[{"a":{"b":1}}]', 'Row 2, column "a" holds an object or array'],
		['[["a","b"],[1,[2]]]', 'Row 2, column "b" holds an object or array'],
		['[["a","b"],[1]]', "Row 2 has 1 cells; the header has 2."],
		['[["a","b"],[1,2,3]]', "Row 2 has more cells than the header's 2."],
	])("refuses %s (%s)", (text, says) => {
		expect(() => readJsonRows(text)).toThrow(InvalidDataError);
		expect(() => readJsonRows(text)).toThrow(says);
	});

	// What "checked while reading" means: the refusal comes at the first cell past a limit, so
	// whatever follows it (here text that is not even JSON) is never read or built.
	it("refuses a row past the column limit at its first extra column, before reading the rest", () => {
		const columns = Array.from({ length: maxCsvColumns + 1 }, (_, i) => key(i)).join(",");
		const text = `[{${columns},${"not json ".repeat(1000)}`;
		expect(() => parseSource(text, "application/json")).toThrow(`The JSON source has more than ${maxCsvColumns} columns, the limit.`);
		const header = Array.from({ length: maxCsvColumns + 1 }, (_, i) => `"c${i}"`).join(",");
		expect(() => parseSource(`[[${header},${"not json ".repeat(1000)}`, null)).toThrow(`more than ${maxCsvColumns} columns`);
	});

	it("refuses object rows whose missing keys would add up to more cells than the limit", () => {
		const wideRow = `{${Array.from({ length: maxCsvColumns }, (_, i) => key(i)).join(",")}}`;
		const rows = maxJsonCells / maxCsvColumns + 1;
		const text = `[${wideRow}${',{"column 0":1}'.repeat(rows - 1)}, not json`;
		expect(() => parseSource(text, null)).toThrow(`more than ${maxJsonCells.toLocaleString("en")} cells`);
	});
});
