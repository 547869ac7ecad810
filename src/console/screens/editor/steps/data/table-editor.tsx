/**
 * The Data step's table, editable as a spreadsheet ("Check & Describe"): arrow
 * keys move, Enter or typing edits, Enter and Tab commit and move on, Escape cancels, Shift+arrows
 * select, Ctrl/Cmd+C and V copy and paste ranges to and from a spreadsheet, Delete empties,
 * Ctrl/Cmd+Z and Shift+Z (or Y) undo and redo. Not editing, Tab leaves the grid (one tab stop, as
 * a grid should be). Edits are saved as the chart's CSV (use-table-save.ts); the table's state is
 * the editor frame's (table-context.ts), so it outlives the step. The column panel
 * under the grid reads a text column as numbers or dates and leaves a series out of the chart
 * (`meta.seriesTransform[name].hidden`, which the API, the exports and the embed all honour).
 * `readOnly` (linked data, library series) keeps selecting and copying and says why.
 */
import type { Ref } from "preact";
import { Icon } from "../../../../components/icon";
import { useEditor } from "../../editor-context";
import { ColumnPanel } from "./column-panel";
import { DataGrid, MoreRows } from "./data-grid";
import { SaveLine, SaveProblems } from "./save-status";
import { useTableEditor } from "./table-context";
import { TableToolbar } from "./table-toolbar";
import "./table-editor.css";

export function TableEditor({ boxRef }: { boxRef?: Ref<HTMLElement> }) {
	const { chart } = useEditor();
	const state = useTableEditor();
	const { readOnly, table, active, shownRows, save, edit, move } = state;
	const column = Math.min(active.column, table.header.length - 1);
	const rowIndex = active.row;
	const columnName = table.header[column] ?? "";
	const visibleRows = Math.min(table.rows.length, shownRows);
	const hidden = new Set(
		Object.entries((chart.meta.seriesTransform as Record<string, { hidden?: boolean }> | undefined) ?? {})
			.filter(([, settings]) => settings?.hidden === true)
			.map(([name]) => name),
	);

	return (
		<div class="table-editor">
			{readOnly ? (
				<p class="read-only-note">
					<Icon name="alert" size={16} /> {readOnly}
				</p>
			) : (
				<TableToolbar table={table} row={rowIndex} column={column} edit={edit} move={move} />
			)}
			<DataGrid state={state} hidden={hidden} visibleRows={visibleRows} boxRef={boxRef} />
			<MoreRows state={state} visibleRows={visibleRows} />
			{!readOnly && <SaveProblems save={save} />}
			{!readOnly && (
				<div class="table-save-line" aria-live="polite">
					<SaveLine save={save} />
				</div>
			)}
			{!readOnly && (
				<ColumnPanel
					table={table}
					column={column}
					onEdit={edit}
					hidden={hidden.has(columnName.trim())}
					saving={save.status.state === "waiting" || save.status.state === "saving"}
				/>
			)}
		</div>
	);
}
