/**
 * The one save state the editor's header shows, from its two saves: the settings (autosave.ts)
 * and the data table (use-table-save.ts). Anything not saved wins over "Saved": a refused or
 * held table cell is "Not saved" even while every setting is saved, so "Saved" never stands
 * beside a refusal.
 */
import type { TableSaveStatus } from "./steps/data/use-table-save";

/**
 * The save state the header shows (components/save-status.tsx's `SaveState`, which the editor
 * checks this against when it passes it on): spelt here so the Node tests import no component.
 */
type SaveState = "saved" | "unsaved" | "saving" | "error" | "conflict" | "refused";

function tableSaveState(status: TableSaveStatus): SaveState {
	switch (status.state) {
		case "saved":
			return "saved";
		case "waiting":
		case "saving":
			return "saving";
		case "invalid":
		case "refused":
		case "held":
			return "refused";
		case "conflict":
			return "conflict";
		case "failed":
			return "error";
	}
}

/** The more serious first: what needs the person's choice, then what needs a fix, then a retry, then waiting. */
const precedence: SaveState[] = ["conflict", "refused", "error", "saving", "unsaved", "saved"];

export function editorSaveState(settings: SaveState, table: TableSaveStatus, tableDirty: boolean): SaveState {
	const fromTable = tableSaveState(table);
	// Table edits made but not sent yet (the pause before a save) count as saving.
	const tableState = fromTable === "saved" && tableDirty ? "saving" : fromTable;
	return precedence.indexOf(settings) <= precedence.indexOf(tableState) ? settings : tableState;
}
