/**
 * Saves the data table as the chart's CSV (`PUT /v1/charts/{id}/data` with `If-Match`) a second
 * after the last edit, so the API, the exports and History see every edit. One request at a
 * time, after the editor's own settings save (both move the chart's ETag). Settings keyed by a
 * column's name (`meta.seriesTransform`, `meta.seriesStyle`) follow a renamed column and are
 * dropped for a deleted one first, since the API refuses settings for series the data lacks.
 *
 * A cell the API refuses, or a typo that would turn a column of numbers into text (a letter O for
 * a zero), does not hold the other edits back: the cell is held, sent with the value it had when
 * last saved (held-cells.ts), and the rest of the table is saved. The person still sees what they
 * typed there, marked, and the save stays "Not saved" until they fix it; the next edit tries the
 * whole table again.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { announce } from "../../../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../../../lib/api";
import type { Chart } from "../../../../lib/chart-types";
import { type HeldCell, heldValue, mostHeldCells, typoCells } from "./held-cells";
import type { CellAt, Table } from "./table-model";
import { cellValue, renamedColumns, setCell, tableProblems, tableToCsv } from "./table-model";

export type { HeldCell } from "./held-cells";

/**
 * What saving needs of the editor (editor-context.ts's value has all of it), spelt here so the
 * unit tests, which run in Node, import no component.
 */
export interface TableSaveEditor {
	chart: Chart;
	etag: string;
	saveState: "saved" | "unsaved" | "saving" | "error" | "conflict" | "refused";
	adopt(chart: Chart, etag: string | null): void;
	updateMeta(patch: Record<string, unknown>): void;
}

export const tableSaveDelay = 1000;
/** How often to look again while the editor's settings save is still going. */
const settingsWait = 300;

export type TableSaveStatus =
	| { state: "saved" }
	| { state: "waiting" }
	| { state: "saving" }
	/** The table breaks a rule the API would refuse it for (checked here, before sending). */
	| { state: "invalid"; message: string; at?: CellAt }
	/** The API refused the CSV (422): its message, at the cell it names. */
	| { state: "refused"; message: string; at?: CellAt }
	/** The table is saved except these cells (typos, or refused by the API), each with why. */
	| { state: "held"; cells: HeldCell[] }
	| { state: "conflict" }
	| { state: "failed"; message: string };

/** The states in which the table's edits are not all saved and leaving would lose some. */
export function losesEdits(status: TableSaveStatus): boolean {
	return ["invalid", "refused", "held", "conflict", "failed"].includes(status.state);
}

const keyedSettings = ["seriesTransform", "seriesStyle"] as const;

function settingsFor(meta: Record<string, unknown>, field: (typeof keyedSettings)[number]): Record<string, unknown> {
	const value = meta[field];
	return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Merge patches around a data save: drop settings of names the new header lacks; re-add renamed ones after. */
export function settingsPatches(
	meta: Record<string, unknown>,
	saved: Table,
	next: Table,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
	const names = new Set(next.header.map((name) => name.trim()));
	const renamed = renamedColumns(saved, next);
	const before: Record<string, Record<string, null>> = {};
	const after: Record<string, Record<string, unknown>> = {};
	for (const field of keyedSettings) {
		for (const [name, value] of Object.entries(settingsFor(meta, field))) {
			if (names.has(name)) continue;
			before[field] = { ...before[field], [name]: null };
			const newName = renamed.get(name);
			if (newName) after[field] = { ...after[field], [newName]: value };
		}
	}
	return { before: Object.keys(before).length > 0 ? before : null, after: Object.keys(after).length > 0 ? after : null };
}

function sameCell(a: CellAt, b: CellAt): boolean {
	return a.row === b.row && a.column === b.column;
}

/** The cell a refusal names: the API counts rows as a spreadsheet does, of the rows sent. */
function refusalCell(error: ApiFailure, table: Table, sentRows: number[]): CellAt | undefined {
	const row = typeof error.details?.row === "number" ? error.details.row : null;
	const columnName = typeof error.details?.column === "string" ? error.details.column : null;
	const column =
		columnName === null
			? 0
			: Math.max(
					0,
					table.header.findIndex((name) => name.trim() === columnName),
				);
	if (row === null) return columnName === null ? undefined : { row: -1, column };
	if (row === 1) return { row: -1, column };
	const tableRow = sentRows[row - 2];
	return tableRow === undefined ? undefined : { row: tableRow, column };
}

export interface TableSave {
	status: TableSaveStatus;
	/** Edits not saved yet (or being saved, or held back). */
	dirty: boolean;
	/** Leaving the chart: sends what waits and answers whether leaving now loses nothing. */
	flushForLeaving(): boolean;
	/** The CSV last saved (or loaded): data the API answers that reads back as this is the table's own. */
	savedCsv: string;
	/** A new table loaded from the chart: nothing to save. */
	reset(table: Table): void;
	/** Send now (Retry, leaving the step). */
	flush(): void;
	/** Other data is about to replace the chart's (a pasted CSV): edits not saved are dropped, not sent over it. */
	discard(): void;
	/** After a conflict: their chart's ETag, then this table saved over it. */
	keepMine(): void;
	/** After a conflict: their chart, and the table reloaded from their data. */
	takeTheirs(): void;
}

export function useTableSave(editor: TableSaveEditor, table: Table, onTheirs: () => void): TableSave {
	const [status, setStatus] = useState<TableSaveStatus>({ state: "saved" });
	const saved = useRef(table);
	const savedCsv = useRef(tableToCsv(table).csv);
	const latest = useRef({ editor, table });
	latest.current = { editor, table };
	const timer = useRef<number | undefined>(undefined);
	const busy = useRef(false);
	/** The table of the save in flight, if any. */
	const sendingTable = useRef<Table | null>(null);
	const conflicted = useRef(false);
	const alive = useRef(true);

	const path = `/v1/charts/${encodeURIComponent(editor.chart.id)}`;

	/**
	 * Sends `sending`; each cell the API refuses is held (sent with its earlier value) and the rest
	 * sent again, so one typo does not keep every other edit from being saved. Answers the table
	 * the API now has and the cells held back; throws what cannot be saved cell by cell.
	 */
	const putHoldingRefusedCells = async (sending: Table, etag: string): Promise<{ sent: Table; held: HeldCell[] }> => {
		// Typos that would turn a column of numbers into text are held before sending: the API
		// might take the column as labels and leave it out of the chart rather than refuse it.
		const held: HeldCell[] = typoCells(saved.current, sending);
		let attempt = sending;
		for (const cell of held) attempt = setCell(attempt, cell.at, heldValue(saved.current, sending, cell.at));
		for (;;) {
			const { csv, sentRows } = tableToCsv(attempt);
			// Only held cells differ from what is saved: nothing new to send.
			if (held.length > 0 && csv === savedCsv.current) return { sent: attempt, held };
			try {
				const answer = await api.put<Chart>(`${path}/data`, { text: { content: csv, type: "text/csv" }, ifMatch: etag });
				savedCsv.current = csv;
				latest.current.editor.adopt(answer.body, answer.etag);
				return { sent: attempt, held };
			} catch (error) {
				if (!(error instanceof ApiFailure) || error.status !== 422) throw error;
				const at = refusalCell(error, attempt, sentRows);
				if (!at || at.row < 0 || held.length >= mostHeldCells || held.some((cell) => sameCell(cell.at, at))) throw error;
				held.push({ at, message: error.message });
				attempt = setCell(attempt, at, heldValue(saved.current, sending, at));
				// The held value is what was saved, so the table as sent may not have changed: it would be refused again.
				if (cellValue(attempt, at) === cellValue(sending, at)) throw error;
			}
		}
	};

	const save = useCallback(async (): Promise<void> => {
		window.clearTimeout(timer.current);
		const { editor: now, table: sending } = latest.current;
		if (busy.current || conflicted.current || sending === saved.current) return;
		const problem = tableProblems(sending)[0];
		if (problem) {
			setStatus({ state: "invalid", message: problem.message, at: problem.at });
			return;
		}
		// The editor's settings save moves the ETag too: wait for it rather than race it.
		if (now.saveState === "saving" || now.saveState === "unsaved") {
			timer.current = window.setTimeout(() => void save(), settingsWait);
			setStatus({ state: "waiting" });
			return;
		}
		if (now.saveState === "conflict") {
			setStatus({ state: "waiting" });
			return;
		}
		const { csv, sentRows } = tableToCsv(sending);
		// Blank rows, or an edit undone: the same CSV is no new version.
		if (csv === savedCsv.current) {
			saved.current = sending;
			setStatus({ state: "saved" });
			return;
		}
		busy.current = true;
		sendingTable.current = sending;
		setStatus({ state: "saving" });
		const patches = settingsPatches(now.chart.meta, saved.current, sending);
		let etag = now.etag;
		try {
			if (patches.before) {
				const cleared = await api.patch<Chart>(path, { meta: patches.before }, { ifMatch: etag });
				now.adopt(cleared.body, cleared.etag);
				etag = cleared.etag ?? `"${cleared.body.version}"`;
			}
			const { sent, held } = await putHoldingRefusedCells(sending, etag);
			saved.current = sent;
			if (patches.after) latest.current.editor.updateMeta(patches.after);
			if (!alive.current) return;
			if (held.length > 0) {
				setStatus({ state: "held", cells: held });
				announce(
					`Your other edits are saved; ${held.length === 1 ? "one cell was" : `${held.length} cells were`} not: ${held[0]?.message}`,
				);
			} else {
				setStatus({ state: latest.current.table === sending ? "saved" : "waiting" });
				if (latest.current.table === sending) announce("Data saved");
			}
		} catch (error) {
			if (!alive.current) return;
			if (error instanceof ApiFailure && error.status === 412) {
				conflicted.current = true;
				setStatus({ state: "conflict" });
				announce("Not saved: someone else changed this chart");
			} else if (error instanceof ApiFailure && error.status === 422) {
				setStatus({ state: "refused", message: error.message, at: refusalCell(error, sending, sentRows) });
				announce(`The data was not saved: ${error.message}`);
			} else {
				setStatus({ state: "failed", message: describeFailure(error) });
				announce(`The data was not saved: ${describeFailure(error)}`);
			}
			return;
		} finally {
			busy.current = false;
			sendingTable.current = null;
		}
		// Edits made while this one was saving go next, after the usual pause.
		if (latest.current.table !== sending) timer.current = window.setTimeout(() => void save(), tableSaveDelay);
	}, [path]);

	// Every edit (re)starts the pause before a save.
	useEffect(() => {
		if (table === saved.current || conflicted.current) return;
		setStatus((current) => (current.state === "saving" ? current : { state: "waiting" }));
		window.clearTimeout(timer.current);
		timer.current = window.setTimeout(() => void save(), tableSaveDelay);
	}, [table, save]);

	// Leaving the step (or the editor) sends what waits; the request outlives the table.
	useEffect(() => {
		alive.current = true;
		return () => {
			alive.current = false;
			window.clearTimeout(timer.current);
			if (latest.current.table !== saved.current && !busy.current && !conflicted.current) void save();
		};
	}, [save]);

	// Leaving the chart with edits not saved asks first: the editor's frame asks for the settings
	// and the table together (editor-screen.tsx), from `dirty` and `flushForLeaving`.
	const dirty = table !== saved.current;

	const refetch = async (): Promise<boolean> => {
		try {
			const answer = await api.get<Chart>(path);
			latest.current.editor.adopt(answer.body, answer.etag);
			return true;
		} catch (error) {
			setStatus({ state: "failed", message: describeFailure(error) });
			return false;
		}
	};

	return {
		status,
		dirty,
		savedCsv: savedCsv.current,
		reset(next: Table) {
			window.clearTimeout(timer.current);
			saved.current = next;
			savedCsv.current = tableToCsv(next).csv;
			conflicted.current = false;
			setStatus({ state: "saved" });
		},
		flush() {
			void save();
		},
		flushForLeaving() {
			if (!dirty) return true;
			if (losesEdits(status)) return false;
			// Edits made while a save is in flight would wait for it, and the screen is going.
			if (busy.current) return sendingTable.current === latest.current.table;
			void save();
			return true;
		},
		discard() {
			window.clearTimeout(timer.current);
			saved.current = latest.current.table;
			conflicted.current = false;
			setStatus({ state: "saved" });
		},
		keepMine() {
			void (async () => {
				if (!(await refetch())) return;
				conflicted.current = false;
				// The adopted ETag reaches `latest` on the next render.
				window.setTimeout(() => void save(), 0);
			})();
		},
		takeTheirs() {
			void (async () => {
				if (!(await refetch())) return;
				conflicted.current = false;
				onTheirs();
			})();
		},
	};
}
