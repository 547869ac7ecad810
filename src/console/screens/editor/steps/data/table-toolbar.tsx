/**
 * The buttons above the editable data table: add and delete a row or a column at the active
 * cell, and swap rows and columns (undo and redo are the editor's, in its header, since one
 * history holds the table's edits and the settings' in the order they were made). One tab stop: the arrow keys move between its
 * buttons (ARIA's toolbar pattern), so Tab goes on to the grid. Shown only when the table can be
 * edited; the grid's own keys (table-editor.tsx) do the same things from the keyboard.
 */
import { Icon } from "../../../../components/icon";
import type { CellAt, Table } from "./table-model";
import { insertColumn, insertRows, removeColumns, removeRows, transpose } from "./table-model";

export function TableToolbar({
	table,
	row,
	column,
	edit,
	move,
}: {
	table: Table;
	/** The active cell's row (-1 for the header) and column: where rows and columns are added or deleted. */
	row: number;
	column: number;
	/** Records an edit in the history (and announces `words`). */
	edit(next: Table, words?: string): void;
	/** Moves the active cell within `inTable`, the table after an edit not drawn yet. */
	move(at: CellAt, extend: boolean, inTable: Table): void;
}) {
	const columnName = table.header[column] ?? "";
	return (
		<div
			class="table-toolbar"
			role="toolbar"
			aria-label="Edit the table"
			onKeyDown={(event) => {
				// Arrow keys move between the toolbar's buttons, as in any toolbar.
				if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
				const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
				const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
				if (at < 0) return;
				event.preventDefault();
				buttons[(at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length]?.focus();
			}}
		>
			<span class="toolbar-group">
				<button
					type="button"
					class="button quiet"
					title={`Add a row below row ${row + 2}`}
					onClick={() => {
						const next = insertRows(table, row + 1);
						edit(next, `Row added below row ${row + 2}`);
						move({ row: row + 1, column }, false, next);
					}}
				>
					<Icon name="plus" size={16} /> Row
				</button>
				<button
					type="button"
					class="button quiet icon"
					aria-label={`Delete row ${row + 2}`}
					title={`Delete row ${row + 2}`}
					disabled={row < 0 || table.rows.length <= 1}
					onClick={() => edit(removeRows(table, row), `Row ${row + 2} deleted`)}
				>
					<Icon name="trash" size={16} />
				</button>
			</span>
			<span class="toolbar-group">
				<button
					type="button"
					class="button quiet"
					title={`Add a column right of “${columnName}”`}
					onClick={() => {
						const next = insertColumn(table, column + 1);
						edit(next, "Column added");
						move({ row: -1, column: column + 1 }, false, next);
					}}
				>
					<Icon name="plus" size={16} /> Column
				</button>
				<button
					type="button"
					class="button quiet icon"
					aria-label={`Delete column “${columnName}”`}
					title={`Delete column “${columnName}”`}
					disabled={table.header.length <= 1}
					onClick={() => edit(removeColumns(table, column), `Column “${columnName}” deleted`)}
				>
					<Icon name="trash" size={16} />
				</button>
			</span>
			<span class="toolbar-group">
				<button
					type="button"
					class="button quiet"
					aria-label="Swap rows and columns"
					title="Swap rows and columns: the first column becomes the header"
					onClick={() => edit(transpose(table), "Rows and columns swapped")}
				>
					Swap
				</button>
			</span>
		</div>
	);
}
