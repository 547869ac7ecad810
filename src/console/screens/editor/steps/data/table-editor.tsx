/**
 * The Data step's table, editable as a spreadsheet (issue 30 item 1, "Check & Describe"): arrow
 * keys move, Enter or typing edits, Enter and Tab commit and move on, Escape cancels, Shift+arrows
 * select, Ctrl/Cmd+C and V copy and paste ranges to and from a spreadsheet, Delete empties,
 * Ctrl/Cmd+Z and Shift+Z (or Y) undo and redo. Not editing, Tab leaves the grid (one tab stop, as
 * a grid should be). Edits are saved as the chart's CSV (use-table-save.ts). The column panel
 * under the grid reads a text column as numbers or dates and leaves a series out of the chart
 * (`meta.seriesTransform[name].hidden`, which the API, the exports and the embed all honour).
 * `readOnly` (linked data, library series) keeps selecting and copying and says why.
 */
import type { Ref } from "preact";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Dataset } from "../../../../../domain/dataset";
import { Icon } from "../../../../components/icon";
import { announce } from "../../../../lib/announce";
import { useEditor } from "../../editor-context";
import { ColumnPanel } from "./column-panel";
import { SaveLine, SaveProblems } from "./save-status";
import type { CellAt, Range, Table, TableHistory } from "./table-model";
import {
	cellValue,
	clearRange,
	columnType,
	gridToClipboard,
	insertRows,
	normalRange,
	parseClipboard,
	pasteGrid,
	rangeGrid,
	record,
	redo,
	setCell,
	startHistory,
	tableFromDataset,
	tableToCsv,
	undo,
} from "./table-model";
import { TableToolbar } from "./table-toolbar";
import { useTableSave } from "./use-table-save";
import "./table-editor.css";

const rowPage = 100;
const typeWords = { number: "Number", date: "Date", text: "Text" } as const;

interface Editing {
	at: CellAt;
	value: string;
}

function columnLetter(index: number): string {
	let name = "";
	for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
	return name;
}

function within(range: Range, at: CellAt): boolean {
	const { top, bottom, left, right } = normalRange(range);
	return at.row >= top && at.row <= bottom && at.column >= left && at.column <= right;
}

function clamp(table: Table, at: CellAt): CellAt {
	return {
		row: Math.max(-1, Math.min(at.row, table.rows.length - 1)),
		column: Math.max(0, Math.min(at.column, table.header.length - 1)),
	};
}

export function TableEditor({
	dataset,
	readOnly,
	boxRef,
	control,
}: {
	dataset: Dataset;
	/** Why the table cannot be edited (linked data, library series), or null. */
	readOnly: string | null;
	boxRef?: Ref<HTMLElement>;
	/** For the step: drop unsaved edits when other data replaces the chart's. */
	control?: { current: { discard(): void } | null };
}) {
	const editor = useEditor();
	const { chart } = editor;
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
	const takingTheirs = useRef(false);
	const save = useTableSave(editor, table, () => {
		takingTheirs.current = true;
	});
	if (control) control.current = { discard: save.discard };

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
		save.reset(loaded);
		setEditing(null);
		setAnchor(null);
		setActive((at) => clamp(loaded, at));
	}, [dataset]);

	const edit = (next: Table, words?: string) => {
		if (readOnly || next === table) return;
		setHistory((current) => record(current, next));
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
		grid.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.column}"]`)?.focus();
	}, [active, editing]);

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
		if (readOnly) return;
		const next = redoing ? redo(history) : undo(history);
		if (next === history) return;
		setHistory(next);
		setActive((at) => clamp(next.table, at));
		announce(redoing ? "Redone" : "Undone");
	};

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

	// A column's type reads every cell: once per table, not once per cell drawn.
	const types = useMemo(() => table.header.map((_, index) => columnType(table, index)), [table]);
	const column = Math.min(active.column, table.header.length - 1);
	const rowIndex = active.row;
	const columnName = table.header[column] ?? "";
	const status = save.status;
	const problemAt = status.state === "refused" || status.state === "invalid" ? status.at : undefined;
	const visibleRows = Math.min(table.rows.length, shownRows);
	const hidden = new Set(
		Object.entries((chart.meta.seriesTransform as Record<string, { hidden?: boolean }> | undefined) ?? {})
			.filter(([, settings]) => settings?.hidden === true)
			.map(([name]) => name),
	);

	const cellProps = (at: CellAt) => {
		const isActive = at.row === active.row && at.column === active.column;
		const selected = within(selection, at);
		const bad = problemAt && problemAt.row === at.row && problemAt.column === at.column;
		return {
			"data-cell": `${at.row}:${at.column}`,
			tabIndex: isActive && !editing ? 0 : -1,
			"aria-selected": selected,
			"aria-invalid": bad ? ("true" as const) : undefined,
			class:
				[isActive ? "active" : "", selected && !isActive ? "selected" : "", bad ? "bad-cell" : ""].filter(Boolean).join(" ") || undefined,
			onClick: (event: MouseEvent) => {
				if (editing && (editing.at.row !== at.row || editing.at.column !== at.column)) commit();
				move(at, event.shiftKey);
			},
			onDblClick: () => startEditing(at),
		};
	};

	const cellContent = (at: CellAt, text: string) => {
		if (editing && editing.at.row === at.row && editing.at.column === at.column)
			return (
				<input
					ref={input}
					class="cell-input"
					aria-label={at.row === -1 ? `Name of column ${columnLetter(at.column)}` : `${table.header[at.column] ?? ""}, row ${at.row + 2}`}
					value={editing.value}
					data-native-undo=""
					spellcheck={false}
					onInput={(event) => setEditing({ at, value: event.currentTarget.value })}
					onKeyDown={onEditorKey}
					onBlur={() => commit()}
				/>
			);
		if (text === "")
			return (
				<span class="empty-cell">
					<span class="visually-hidden">empty</span>
				</span>
			);
		return text;
	};

	return (
		<div class="table-editor">
			{readOnly ? (
				<p class="read-only-note">
					<Icon name="alert" size={16} /> {readOnly}
				</p>
			) : (
				<TableToolbar history={history} row={rowIndex} column={column} edit={edit} move={move} applyUndo={applyUndo} />
			)}
			<section
				class="data-table-wrap grid-box"
				aria-label="The chart's data"
				ref={boxRef}
				tabIndex={-1}
				onKeyDown={(event) => {
					// Focus put on the box (after "Use this data"): the first key moves it into the grid.
					if (event.target !== event.currentTarget || !/^(Arrow|Enter|Home|End|Page)/.test(event.key)) return;
					event.preventDefault();
					focusCell.current = true;
					setActive((at) => ({ ...at }));
				}}
			>
				<table
					ref={grid}
					// biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table with role grid is ARIA's data grid pattern (cells move focus and edit)
					role="grid"
					class="data-table editable-grid"
					aria-label={readOnly ? "The chart's data (read only)" : "The chart's data: arrow keys move, Enter edits"}
					aria-rowcount={table.rows.length + 1}
					aria-colcount={table.header.length + 1}
					aria-readonly={readOnly ? "true" : undefined}
					aria-multiselectable="true"
					// Ctrl/Cmd+Z here undoes the table's edits, not the editor's settings.
					data-native-undo=""
					onKeyDown={onGridKey}
					onCopy={(event) => onCopy(event, false)}
					onCut={(event) => onCopy(event, true)}
					onPaste={onPaste}
				>
					<thead>
						<tr aria-rowindex={1}>
							<td class="row-number corner" />
							{table.header.map((name, index) => {
								const at = { row: -1, column: index };
								const type = types[index] ?? "text";
								return (
									<th key={table.ids[index]} scope="col" {...cellProps(at)} aria-colindex={index + 2}>
										{editing && editing.at.row === -1 && editing.at.column === index ? (
											cellContent(at, name)
										) : (
											<>
												<span class="column-name">{name || <em class="muted">no name</em>}</span>
												<span class="column-badges">
													<span class={`type-badge type-${type}`}>{typeWords[type]}</span>
													{hidden.has(name.trim()) && <span class="type-badge left-out">Not drawn</span>}
												</span>
											</>
										)}
									</th>
								);
							})}
						</tr>
					</thead>
					<tbody>
						{table.rows.slice(0, visibleRows).map((cells, row) => (
							<tr key={row} aria-rowindex={row + 2}>
								<th scope="row" class="row-number">
									{row + 2}
								</th>
								{cells.map((text, index) => {
									const at = { row, column: index };
									const numeric = types[index] === "number";
									const props = cellProps(at);
									return (
										// biome-ignore lint/a11y/useFocusableInteractive: `cellProps` gives every cell its roving tabIndex
										<td
											key={table.ids[index]}
											// biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of ARIA's data grid pattern
											role="gridcell"
											{...props}
											class={[props.class, numeric ? "number" : ""].filter(Boolean).join(" ") || undefined}
											aria-colindex={index + 2}
										>
											{cellContent(at, text)}
										</td>
									);
								})}
							</tr>
						))}
					</tbody>
				</table>
			</section>
			{table.rows.length > visibleRows && (
				<div class="table-more-rows">
					<span class="meta-text">
						Showing {visibleRows.toLocaleString()} of {table.rows.length.toLocaleString()} rows.
					</span>
					<button type="button" class="button quiet" onClick={() => setShownRows(visibleRows + rowPage)}>
						Show {Math.min(rowPage, table.rows.length - visibleRows)} more rows
					</button>
				</div>
			)}
			{!readOnly && <SaveProblems save={save} />}
			{!readOnly && (
				<div class="table-save-line" aria-live="polite">
					<SaveLine save={save} />
				</div>
			)}
			{!readOnly && <ColumnPanel table={table} column={column} onEdit={edit} hidden={hidden.has(columnName.trim())} saving={save.dirty} />}
		</div>
	);
}
