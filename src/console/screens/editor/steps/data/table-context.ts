/**
 * The data table's state (use-table-editor-state.ts) as the editor's frame holds it for as long
 * as the chart is open, so the Data step's grid, toolbar and panels read the same table however
 * often the person goes to another step and back.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { TableEditorState } from "./use-table-editor-state";

export const TableEditorContext = createContext<TableEditorState | null>(null);

export function useTableEditor(): TableEditorState {
	const state = useContext(TableEditorContext);
	if (!state) throw new Error("useTableEditor outside the editor");
	return state;
}
