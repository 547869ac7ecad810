import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { heldValue, typoCells } from "../../../src/console/screens/editor/steps/data/held-cells.ts";
import {
	insertColumn,
	insertRows,
	removeColumns,
	setCell,
	tableFromGrid,
} from "../../../src/console/screens/editor/steps/data/table-model.ts";
import { settingsPatches } from "../../../src/console/screens/editor/steps/data/use-table-save.ts";

describe("saving the data table", () => {
	const saved = tableFromGrid([
		["year", "China", "India"],
		["2000", "71.4", "62.9"],
	]);
	const meta = { title: "T", seriesTransform: { India: { hidden: true } }, seriesStyle: { China: { color: "#c00" } } };

	it("moves a renamed column's settings to its new name, after the data is saved", () => {
		const renamed = setCell(saved, { row: -1, column: 2 }, "Bharat");
		assert.deepEqual(settingsPatches(meta, saved, renamed), {
			before: { seriesTransform: { India: null } },
			after: { seriesTransform: { Bharat: { hidden: true } } },
		});
	});

	it("drops a deleted column's settings before the data is saved, and leaves others alone", () => {
		assert.deepEqual(settingsPatches(meta, saved, removeColumns(saved, 1)), { before: { seriesStyle: { China: null } }, after: null });
		assert.deepEqual(settingsPatches(meta, saved, insertColumn(saved, 3)), { before: null, after: null });
	});
});

describe("a refused cell held back from a save", () => {
	const saved = tableFromGrid([
		["party", "seats"],
		["Greens", "19"],
		["Labour", "38"],
	]);

	it("is sent with the value it had when last saved, a blank row added below changing nothing", () => {
		const typo = insertRows(setCell(saved, { row: 0, column: 1 }, "2O"), 2);
		assert.equal(heldValue(saved, typo, { row: 0, column: 1 }), "19");
	});

	it("is sent empty when rows were filled or removed since, or in a new column", () => {
		const grown = setCell(insertRows(saved, 0), { row: 0, column: 0 }, "Liberals");
		assert.equal(heldValue(saved, setCell(grown, { row: 1, column: 1 }, "2O"), { row: 1, column: 1 }), "");
		const widened = insertColumn(saved, 2);
		assert.equal(heldValue(saved, setCell(widened, { row: 0, column: 2 }, "x"), { row: 0, column: 2 }), "");
	});
});

describe("typos held before sending", () => {
	const saved = tableFromGrid([
		["party", "seats"],
		["Greens", "19"],
		["Labour", "38"],
	]);

	it("holds a cell that would turn a column of numbers into text, saying why", () => {
		const held = typoCells(saved, setCell(saved, { row: 0, column: 1 }, "2O"));
		assert.deepEqual(
			held.map((cell) => cell.at),
			[{ row: 0, column: 1 }],
		);
		assert.match(held[0]?.message ?? "", /“2O” in row 2 is not a number, and “seats” is a column of numbers/);
	});

	it("takes a column rewritten as text throughout, a text column, and an emptied cell as meant", () => {
		const rewritten = setCell(setCell(saved, { row: 0, column: 1 }, "many"), { row: 1, column: 1 }, "few");
		assert.deepEqual(typoCells(saved, rewritten), []);
		assert.deepEqual(typoCells(saved, setCell(saved, { row: 0, column: 0 }, "2O")), []);
		assert.deepEqual(typoCells(saved, setCell(saved, { row: 0, column: 1 }, "")), []);
	});
});
