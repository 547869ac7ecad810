/**
 * The state of the editable data table and the moves that change it: the table with its undo
 * history, the active cell and the selection (an anchor and the active cell, as in a
 * spreadsheet), the cell being edited, how many rows are drawn, and the save behind it all
 * (use-table-save.ts). New data from the chart replaces the table unless the person's own edits
 * are waiting. The keys that call these moves: grid-keys.ts; what they draw: data-grid.tsx.
 *
 * The editor's frame holds this state for as long as the chart is open (not the Data step), so
 * edits, held cells and the save in progress survive going to another step and back. Each edit
 * is also recorded in the editor's one undo history, which steps this table back through
 * `stepper` when undo reaches it.
 */
import type { RefObject } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Dataset } from "../../../../../domain/dataset";
import { announce } from "../../../../lib/announce";
import type { CellAt, Range, Table, TableHistory } from "./table-model";
import { cellValue, record, redo, setCell, startHistory, tableFromDataset, tableToCsv, undo } from "./table-model";
import { type TableSave, type TableSaveEditor, useTableSave } from "./use-table-save";

/** What the table needs of the editor beyond saving: its one undo history. */
export interface TableEditorHost extends TableSaveEditor {
	undo(): boolean;
	redo(): boolean;
	tableEdited(): void;
	tableReset(): void;
}

/** The chart without data yet: an empty table, replaced when data arrives. */
const noData: Dataset = { columns: [] };

/** Rows drawn at first and added by "Show more rows": a long table stays quick to draw. */
export const rowPage = 100;

/** The cell being edited and the text typed into it so far. */
export interface Editing {
	at: CellAt;
	value: string;
}

/** What the toolbar, the grid and its keys read and call. */
export interface TableEditorState {
	/** Why the table cannot be edited (linked data, library series), or null. */
	readOnly: string | null;
	history: TableHistory;
	table: Table;
	active: CellAt;
	setActive(update: CellAt | ((at: CellAt) => CellAt)): void;
	anchor: CellAt | null;
	setAnchor(anchor: CellAt | null): void;
	/** The selected range: from the anchor (when Shift extended it) to the active cell. */
	selection: Range;
	editing: Editing | null;
	/** The latest edit, read by the input's blur (which can follow its own Enter or Tab). */
	editingRef: RefObject<Editing | null>;
	setEditing(next: Editing | null): void;
	/** The cell editor's input, focused as it opens. */
	input: RefObject<HTMLInputElement | null>;
	/** The grid, in which the active cell is focused after a move. */
	grid: RefObject<HTMLTableElement | null>;
	/** Set to move focus to the active cell once it is drawn. */
	focusCell: RefObject<boolean>;
	shownRows: number;
	setShownRows(rows: number): void;
	save: TableSave;
	/** Records an edit in the history (unless read-only or unchanged) and announces `words`. */
	edit(next: Table, words?: string): void;
	/** Moves the active cell (within `inTable`, the table after an edit not rendered yet). */
	move(at: CellAt, extend?: boolean, inTable?: Table): void;
	/** Writes the cell being edited into the table, then moves to `then` or focuses the cell. */
	commit(then?: CellAt): void;
	/** Opens the cell editor at `at`, with `value` (the key typed) or the cell's text. */
	startEditing(at: CellAt, value?: string): void;
	/** Undo or redo in the editor's one history (which may reach a setting rather than the table). */
	applyUndo(redoing: boolean): void;
}

/** Keeps a cell inside the table (row -1 is the header). */
function clamp(table: Table, at: CellAt): CellAt {
	return {
		row: Math.max(-1, Math.min(at.row, table.rows.length - 1)),
		column: Math.max(0, Math.min(at.column, table.header.length - 1)),
	};
}

export function useTableEditorState(
	editor: TableEditorHost,
	/** The chart's data as the API answers it, null while none is loaded. */
	chartDataset: Dataset | null,
	readOnly: string | null,
	/** Set to what steps this table's own history when the editor's undo or redo reaches it. */
	stepper: { current: { step(redoing: boolean): void } | null },
): TableEditorState {
	const dataset = chartDataset ?? noData;
	const [history, setHistory] = useState<TableHistory>(() => startHistory(tableFromDataset(dataset)));
	const table = history.table;
	const [active, setActive] = useState<CellAt>({ row: 0, column: 0 });
	const [anchor, setAnchor] = useState<CellAt | null>(null);
	const [editing, setEditingState] = useState<Editing | null>(null);
	// The latest edit, read by the input's blur (which can follow its own Enter or Tab).
	const editingRef = useRef<Editing | null>(null);
	const setEditing = (next: Editing | null) => {
		editingRef.current = next;
		setEditingState(next);
	};
	const input = useRef<HTMLInputElement>(null);
	const [shownRows, setShownRows] = useState(rowPage);
	const grid = useRef<HTMLTableElement>(null);
	const focusCell = useRef(false);
	/** Set by an undo or redo in the grid: focus stays in the grid through the renders that follow it. */
	const keepFocus = useRef(false);
	const takingTheirs = useRef(false);
	const save = useTableSave(editor, table, () => {
		takingTheirs.current = true;
	});

	// New data from the chart (a restore, a replacement, theirs after a conflict) replaces the
	// table, unless it is this table's own save coming back or the person has edits waiting.
	const shownDataset = useRef(dataset);
	useEffect(() => {
		if (dataset === shownDataset.current) return;
		shownDataset.current = dataset;
		const loaded = tableFromDataset(dataset);
		if (!takingTheirs.current && (save.dirty || tableToCsv(loaded).csv === save.savedCsv)) return;
		takingTheirs.current = false;
		setHistory(startHistory(loaded));
		editor.tableReset();
		save.reset(loaded);
		setEditing(null);
		setAnchor(null);
		setActive((at) => clamp(loaded, at));
	}, [dataset]);

	const edit = (next: Table, words?: string) => {
		if (readOnly || next === table) return;
		setHistory((current) => record(current, next));
		editor.tableEdited();
		if (words) announce(words);
	};

	const selection: Range = anchor
		? { top: anchor.row, left: anchor.column, bottom: active.row, right: active.column }
		: { top: active.row, left: active.column, bottom: active.row, right: active.column };

	/** Moves the active cell (within `inTable`, the table after an edit not rendered yet). */
	const move = (at: CellAt, extend = false, inTable = table) => {
		const next = clamp(inTable, at);
		if (extend) setAnchor((current) => current ?? active);
		else setAnchor(null);
		if (next.row >= shownRows) setShownRows(Math.ceil((next.row + 1) / rowPage) * rowPage);
		focusCell.current = true;
		setActive(next);
	};

	useEffect(() => {
		if (!focusCell.current || editing) return;
		focusCell.current = false;
		const cell = grid.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.column}"]`);
		if (!cell) return;
		cell.focus({ preventScroll: true });
		// Scrolled clear of the sticky row numbers and first column, so a new column, or a cell
		// reached by the arrows, is seen whole: the box's scroll padding allows for a usual first
		// column, and a wider one is measured.
		cell.scrollIntoView({ block: "nearest", inline: "nearest" });
		const first = grid.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:0"]`);
		const box = grid.current?.parentElement;
		if (active.column === 0 || !first || !box) return;
		const hidden = first.getBoundingClientRect().right - cell.getBoundingClientRect().left;
		if (hidden > 0) box.scrollLeft -= hidden;
	}, [active, editing]);

	// After an undo or redo from the grid, the renders that follow (the table redrawn, then its save
	// answered) may each replace the focused cell: while focus has fallen to the page's body, it goes
	// back to the active cell, until the person moves it elsewhere.
	useEffect(() => {
		if (!keepFocus.current || editing) return;
		if (document.activeElement !== document.body) {
			if (!grid.current?.contains(document.activeElement)) keepFocus.current = false;
			return;
		}
		grid.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.column}"]`)?.focus({ preventScroll: true });
	});

	// The cell editor takes focus as it opens (typing into a cell opens it with that key).
	const editingKey = editing ? `${editing.at.row}:${editing.at.column}` : null;
	useLayoutEffect(() => {
		if (!editingKey || !input.current) return;
		input.current.focus();
		input.current.setSelectionRange(input.current.value.length, input.current.value.length);
	}, [editingKey]);

	const commit = (then?: CellAt) => {
		const current = editingRef.current;
		if (!current) return;
		edit(setCell(table, current.at, current.value));
		setEditing(null);
		if (then) move(then);
		else focusCell.current = true;
	};

	const startEditing = (at: CellAt, value?: string) => {
		if (readOnly) {
			announce(readOnly);
			return;
		}
		setAnchor(null);
		setActive(at);
		setEditing({ at, value: value ?? cellValue(table, at) });
	};

	const applyUndo = (redoing: boolean) => {
		if (redoing) editor.redo();
		else editor.undo();
	};

	// The editor's history reached one of this table's edits. Focus in the grid stays there (an
	// undone swap of rows and columns draws new cells), so the next Ctrl+Z or Ctrl+Shift+Z works.
	stepper.current = {
		step(redoing) {
			const next = redoing ? redo(history) : undo(history);
			if (next === history) return;
			setHistory(next);
			setActive((at) => clamp(next.table, at));
			if (grid.current?.contains(document.activeElement)) {
				focusCell.current = true;
				keepFocus.current = true;
			}
		},
	};

	return {
		readOnly,
		history,
		table,
		active,
		setActive,
		anchor,
		setAnchor,
		selection,
		editing,
		editingRef,
		setEditing,
		input,
		grid,
		focusCell,
		shownRows,
		setShownRows,
		save,
		edit,
		move,
		commit,
		startEditing,
		applyUndo,
	};
}
