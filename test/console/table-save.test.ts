import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { insertColumn, removeColumns, setCell, tableFromGrid } from "../../src/console/screens/editor/steps/data/table-model.ts";
import { settingsPatches } from "../../src/console/screens/editor/steps/data/use-table-save.ts";

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
