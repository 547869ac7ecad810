/**
 * The chart's data as ARIA's data grid: a header row of column names with each column's type
 * (and "Not drawn" when left out of the chart), numbered rows, one roving tab stop on the active
 * cell, the selection and the cell the API refused marked, and the cell editor in place of the
 * cell being edited. Rows past `visibleRows` wait behind "Show more rows" (MoreRows).
 */
import type { Ref } from "preact";
import { useMemo } from "preact/hooks";
import { gridKeyHandlers } from "./grid-keys";
import type { CellAt, Range } from "./table-model";
import { columnType, normalRange } from "./table-model";
import { rowPage, type TableEditorState } from "./use-table-editor-state";

const typeWords = { number: "Number", date: "Date", text: "Text" } as const;

/** A spreadsheet's name for a column: A…Z, then AA, AB… */
function columnLetter(index: number): string {
	let name = "";
	for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
	return name;
}

function within(range: Range, at: CellAt): boolean {
	const { top, bottom, left, right } = normalRange(range);
	return at.row >= top && at.row <= bottom && at.column >= left && at.column <= right;
}

export function DataGrid({
	state,
	hidden,
	visibleRows,
	boxRef,
}: {
	state: TableEditorState;
	/** Names of the columns left out of the chart. */
	hidden: Set<string>;
	/** How many rows are drawn (the rest wait behind "Show more rows"). */
	visibleRows: number;
	boxRef?: Ref<HTMLElement>;
}) {
	const { readOnly, table, active, setActive, selection, editing, setEditing, input, grid, focusCell, save, commit, move, startEditing } =
		state;
	const { onGridKey, onEditorKey, onCopy, onPaste } = gridKeyHandlers(state);
	// A column's type reads every cell: once per table, not once per cell drawn.
	const types = useMemo(() => table.header.map((_, index) => columnType(table, index)), [table]);
	const status = save.status;
	// The cells marked red: the one the API or the table's rules refused, or those held back from a save.
	const problems: CellAt[] =
		status.state === "held"
			? status.cells.map((held) => held.at)
			: (status.state === "refused" || status.state === "invalid") && status.at
				? [status.at]
				: [];

	const cellProps = (at: CellAt) => {
		const isActive = at.row === active.row && at.column === active.column;
		const selected = within(selection, at);
		const bad = problems.some((problem) => problem.row === at.row && problem.column === at.column);
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
		<section
			class="data-table-wrap grid-box"
			aria-label="The chart's data"
			ref={boxRef}
			tabIndex={-1}
			// The row numbers' width, so the first column can stick just right of them (table-editor.css).
			style={{ "--row-number-digits": String(visibleRows + 1).length }}
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
	);
}

/** The line under a long table: how many rows are drawn, and a button to draw the next page. */
export function MoreRows({ state, visibleRows }: { state: TableEditorState; visibleRows: number }) {
	const { table, setShownRows } = state;
	if (table.rows.length <= visibleRows) return null;
	return (
		<div class="table-more-rows">
			<span class="meta-text">
				Showing {visibleRows.toLocaleString()} of {table.rows.length.toLocaleString()} rows.
			</span>
			<button type="button" class="button quiet" onClick={() => setShownRows(visibleRows + rowPage)}>
				Show {Math.min(rowPage, table.rows.length - visibleRows)} more rows
			</button>
		</div>
	);
}
