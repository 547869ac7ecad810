/**
 * The editor header's one save state from the settings' and the data table's
 * (src/console/screens/editor/editor-save-state.ts): "Saved" only when both are saved, never
 * beside a refused or held table cell.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { editorSaveState } from "../../../src/console/screens/editor/editor-save-state.ts";
import type { TableSaveStatus } from "../../../src/console/screens/editor/steps/data/use-table-save.ts";

describe("the editor's save state", () => {
	const held: TableSaveStatus = { state: "held", cells: [{ at: { row: 0, column: 1 }, message: "“2O” is not a number" }] };

	it("says Saved only when the settings and the table are both saved", () => {
		assert.equal(editorSaveState("saved", { state: "saved" }, false), "saved");
		assert.equal(editorSaveState("saved", { state: "saved" }, true), "saving", "a table edit waiting for its save");
		assert.equal(editorSaveState("unsaved", { state: "saved" }, false), "unsaved");
	});

	it("says Not saved while a table cell is held or refused, whatever the settings do", () => {
		assert.equal(editorSaveState("saved", held, true), "refused");
		assert.equal(editorSaveState("saving", held, true), "refused");
		assert.equal(editorSaveState("saved", { state: "refused", message: "No column holds numbers." }, true), "refused");
		assert.equal(editorSaveState("saved", { state: "invalid", message: "Column 2 has no name." }, true), "refused");
	});

	it("puts a conflict first and a failed save before waiting", () => {
		assert.equal(editorSaveState("conflict", held, true), "conflict");
		assert.equal(editorSaveState("saved", { state: "conflict" }, true), "conflict");
		assert.equal(editorSaveState("saving", { state: "failed", message: "offline" }, true), "error");
	});
});
