/**
 * The data grid's keyboard and clipboard, as in a spreadsheet: arrow keys (with Ctrl/Cmd to the
 * edge, Shift to select), Home, End, Page Up and Down move; Enter, F2 or typing edit; Delete
 * empties; Ctrl/Cmd+Z and Shift+Z (or Y) undo and redo; in the cell editor Enter and Tab commit
 * and move on (Enter on the last row adds one) and Escape cancels; copy, cut and paste carry
 * tab-separated ranges to and from a spreadsheet. Not editing, Tab leaves the grid (one tab stop).
 */
import { announce } from "../../../../lib/announce";
import type { CellAt } from "./table-model";
import { clearRange, gridToClipboard, insertRows, normalRange, parseClipboard, pasteGrid, rangeGrid, setCell } from "./table-model";
import type { TableEditorState } from "./use-table-editor-state";

export function gridKeyHandlers({
	readOnly,
	table,
	active,
	setActive,
	anchor,
	setAnchor,
	selection,
	editingRef,
	setEditing,
	focusCell,
	edit,
	move,
	commit,
	startEditing,
	applyUndo,
}: TableEditorState) {
	const onGridKey = (event: KeyboardEvent) => {
		// Keys typed in the cell editor are its own (it may have closed by the time they bubble here).
		if (editingRef.current || event.target instanceof HTMLInputElement) return;
		const mod = event.ctrlKey || event.metaKey;
		const { row, column } = active;
		const lastRow = table.rows.length - 1;
		const lastColumn = table.header.length - 1;
		const go = (at: CellAt) => {
			event.preventDefault();
			move(at, event.shiftKey);
		};
		switch (event.key) {
			case "ArrowUp":
				return go({ row: mod ? -1 : row - 1, column });
			case "ArrowDown":
				return go({ row: mod ? lastRow : row + 1, column });
			case "ArrowLeft":
				return go({ row, column: mod ? 0 : column - 1 });
			case "ArrowRight":
				return go({ row, column: mod ? lastColumn : column + 1 });
			case "Home":
				return go({ row: mod ? -1 : row, column: 0 });
			case "End":
				return go({ row: mod ? lastRow : row, column: lastColumn });
			case "PageUp":
				return go({ row: row - 10, column });
			case "PageDown":
				return go({ row: row + 10, column });
			case "Enter":
			case "F2":
				event.preventDefault();
				return startEditing(active);
			case "Delete":
			case "Backspace":
				event.preventDefault();
				return edit(clearRange(table, selection), "Cells emptied");
			case "Escape":
				if (anchor) {
					event.preventDefault();
					setAnchor(null);
				}
				return;
		}
		if (mod && event.key.toLowerCase() === "z") {
			event.preventDefault();
			return applyUndo(event.shiftKey);
		}
		if (mod && event.key.toLowerCase() === "y") {
			event.preventDefault();
			return applyUndo(true);
		}
		if (event.key.length === 1 && !mod && !event.altKey) {
			event.preventDefault();
			startEditing(active, event.key);
		}
	};

	const onEditorKey = (event: KeyboardEvent) => {
		const current = editingRef.current;
		if (!current) return;
		const { row, column } = current.at;
		if (["Enter", "Tab", "Escape"].includes(event.key)) event.stopPropagation();
		if (event.key === "Enter") {
			event.preventDefault();
			const down = event.shiftKey ? row - 1 : row + 1;
			// Enter on the last row adds a row below, as a spreadsheet does.
			if (!event.shiftKey && row === table.rows.length - 1 && !readOnly) {
				const next = insertRows(setCell(table, current.at, current.value), table.rows.length);
				edit(next);
				setEditing(null);
				move({ row: down, column }, false, next);
				return;
			}
			commit({ row: down, column });
		} else if (event.key === "Tab") {
			event.preventDefault();
			commit({ row, column: event.shiftKey ? column - 1 : column + 1 });
		} else if (event.key === "Escape") {
			event.preventDefault();
			setEditing(null);
			focusCell.current = true;
			setActive({ ...current.at });
		}
	};

	const onCopy = (event: ClipboardEvent, cut: boolean) => {
		if (editingRef.current || event.target instanceof HTMLInputElement || !event.clipboardData) return;
		event.preventDefault();
		const cells = rangeGrid(table, selection);
		event.clipboardData.setData("text/plain", gridToClipboard(cells));
		const count = cells.length * (cells[0]?.length ?? 0);
		if (cut && !readOnly) edit(clearRange(table, selection));
		announce(`${count === 1 ? "1 cell" : `${count} cells`} ${cut && !readOnly ? "cut" : "copied"}`);
	};

	const onPaste = (event: ClipboardEvent) => {
		if (editingRef.current || event.target instanceof HTMLInputElement || !event.clipboardData) return;
		event.preventDefault();
		if (readOnly) return announce(readOnly);
		const cells = parseClipboard(event.clipboardData.getData("text/plain"));
		if (cells.length === 0) return;
		const start = normalRange(selection);
		edit(pasteGrid(table, { row: start.top, column: start.left }, cells), `Pasted ${cells.length} × ${cells[0]?.length ?? 0} cells`);
		setAnchor({ row: start.top, column: start.left });
		setActive({ row: start.top + cells.length - 1, column: start.left + Math.max(...cells.map((r) => r.length)) - 1 });
	};

	return { onGridKey, onEditorKey, onCopy, onPaste };
}
