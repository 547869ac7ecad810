/**
 * The editor's autosave as a pure reducer: the saved chart and its ETag, the person's edits not
 * yet sent (`pending`), the one `PATCH` in flight, a conflict (412), a refused kind switch or a
 * failed save, and the one undo and redo history of the whole editor. `step(state, event)` answers
 * the next state and the effects the hook (use-chart-editor.ts) runs: wait then save, send, redraw
 * the preview, announce, step the data table's own history. Nothing here touches the network,
 * timers or the page, so every path is a unit test (test/node/console/autosave).
 *
 * Undo takes back what the person did last, wherever they did it: a setting, or an edit of the
 * data table. The table keeps its edits itself (whole tables, table-model.ts); the history here
 * holds a marker for each, in order among the settings' snapshots, and undoing a marker asks the
 * table to step back.
 */
import { nameForTitle } from "../../../domain/chart-name";
import { applyMergePatch, composeMergePatch, diffMergePatch } from "../../../domain/merge-patch";
import { ApiFailure, describeFailure, type ErrorDetails } from "../../lib/api";
import type { Chart } from "../../lib/chart-types";

/**
 * The save status the editor shows (components/save-status.tsx's `SaveState`, which the hook
 * checks this against): spelt here so the reducer and its tests import no component.
 */
type SaveState = "saved" | "unsaved" | "saving" | "error" | "conflict";

/** Top-level fields and a meta merge patch, as `PATCH /v1/charts/{id}` takes them. */
export interface ChartPatch {
	kind?: Chart["kind"];
	series?: unknown[];
	folderId?: string | null;
	meta?: Record<string, unknown>;
}

interface Snapshot {
	meta: Record<string, unknown>;
	kind: Chart["kind"];
	seriesReferences: Chart["seriesReferences"];
	folderId: string | null;
}

type HistoryEntry =
	| {
			kind: "settings";
			/** The settings as they were before the change (for redo: before the undo). */
			snapshot: Snapshot;
			/** The fields the change touched: typing in one field within `undoBurst` is one entry. */
			fields: string;
			at: number;
	  }
	/** An edit of the data table, which keeps its own tables: undoing it steps the table back. */
	| { kind: "table"; at: number };

export interface AutosaveState {
	saved: Chart | null;
	etag: string;
	/** Edits not sent yet. */
	pending: ChartPatch | null;
	/** The patch being saved right now: still part of what the person sees. */
	inFlight: ChartPatch | null;
	saveState: SaveState;
	conflict: boolean;
	failure: Error | null;
	/** The API's message when a kind switch was refused (the data does not fit the kind). */
	kindFailure: string | null;
	/** That refusal's `details` (the roles it proposes in `columns`, say), or null. */
	kindDetails: ErrorDetails | null;
	/** What undo takes back, oldest first. */
	undo: HistoryEntry[];
	/** What redo puts back, the next one last; any new change empties it. */
	redo: HistoryEntry[];
}

export type AutosaveEvent =
	/** The chart as the API answered it on opening (or reopening) the editor. */
	| { type: "opened"; chart: Chart; etag: string | null }
	/** The chart as a step wrote it itself (upload, publish, restore): edits not sent stay on top. */
	| { type: "adopted"; chart: Chart; etag: string | null }
	| { type: "changed"; patch: ChartPatch; undoable: boolean; at: number }
	/** The wait after an edit is over, or the person pressed Retry: send what is pending. */
	| { type: "flush" }
	| { type: "saved"; chart: Chart; etag: string | null }
	| { type: "saveFailed"; error: unknown }
	/** After a conflict: their version replaces the person's edits. */
	| { type: "tookTheirs"; chart: Chart; etag: string | null }
	/** After a conflict: the person's edits are sent again on top of their version. */
	| { type: "keptMine"; chart: Chart; etag: string | null }
	| { type: "refetchFailed"; error: unknown }
	| { type: "undo"; at: number }
	| { type: "redo"; at: number }
	/** The data table recorded an edit in its own history. */
	| { type: "tableEdited"; at: number }
	/** The data table started afresh (new data from the chart): its edits can no longer be undone. */
	| { type: "tableReset" };

export type AutosaveEffect =
	| { type: "wait" }
	| { type: "cancelWait" }
	| { type: "send"; patch: ChartPatch; etag: string }
	/** The server's side of the preview changed (data, or data's presence). */
	| { type: "refreshPreview"; theme: string | undefined }
	| { type: "announce"; text: string }
	/** Step the data table's own history back (undo) or forward (redo). */
	| { type: "stepTable"; redoing: boolean };

export interface Step {
	state: AutosaveState;
	effects: AutosaveEffect[];
}

/** Edits to the same meta fields closer together than this are one step of undo (typing a title). */
export const undoBurst = 1200;
const undoLimit = 100;

export const initialAutosave: AutosaveState = {
	saved: null,
	etag: "",
	pending: null,
	inFlight: null,
	saveState: "saved",
	conflict: false,
	failure: null,
	kindFailure: null,
	kindDetails: null,
	undo: [],
	redo: [],
};

export function compose(first: ChartPatch | null, second: ChartPatch): ChartPatch {
	const result: ChartPatch = { ...(first ?? {}), ...second };
	if (first?.meta && second.meta) result.meta = composeMergePatch(first.meta, second.meta);
	else result.meta = second.meta ?? first?.meta;
	if (!result.meta) delete result.meta;
	return result;
}

function applied(chart: Chart, patch: ChartPatch | null): Chart {
	if (!patch) return chart;
	const next: Chart = { ...chart };
	if (patch.meta) {
		next.meta = applyMergePatch(chart.meta, patch.meta) as Record<string, unknown>;
		next.name = nameForTitle(next.meta.title);
	}
	if (patch.kind) next.kind = patch.kind;
	if (patch.series) next.seriesReferences = patch.series as Chart["seriesReferences"];
	if (patch.folderId !== undefined) next.folderId = patch.folderId;
	return next;
}

/** The chart as the person sees it: saved, then the patch in flight, then later edits. */
export function shownChart(state: AutosaveState): Chart | null {
	return state.saved ? applied(applied(state.saved, state.inFlight), state.pending) : null;
}

export function themeOf(meta: Record<string, unknown>): string | undefined {
	return typeof meta.theme === "string" ? meta.theme : undefined;
}

function fieldsOf(patch: ChartPatch): string {
	const fields = Object.keys(patch).filter((key) => key !== "meta");
	if (patch.meta) fields.push(...Object.keys(patch.meta).map((key) => `meta.${key}`));
	return fields.sort().join(",");
}

function withSaved(state: AutosaveState, chart: Chart, etag: string | null): AutosaveState {
	return { ...state, saved: chart, etag: etag ?? `"${chart.version}"` };
}

function asError(error: unknown): Error {
	return error instanceof Error ? error : new Error(describeFailure(error));
}

/** A refused kind switch: the data does not fit the new kind (the API's 422 on `kind` or the data). */
function refusedKind(error: unknown, sent: ChartPatch): error is ApiFailure {
	return (
		error instanceof ApiFailure &&
		error.status === 422 &&
		sent.kind !== undefined &&
		(error.code === "invalid_data" || error.details?.path === "kind")
	);
}

function flush(state: AutosaveState): Step {
	if (state.inFlight || state.conflict || !state.pending || !state.saved) return { state, effects: [{ type: "cancelWait" }] };
	const sent = state.pending;
	return {
		state: { ...state, pending: null, inFlight: sent, saveState: "saving" },
		effects: [{ type: "cancelWait" }, { type: "send", patch: sent, etag: state.etag }],
	};
}

function snapshotOf(chart: Chart): Snapshot {
	return { meta: chart.meta, kind: chart.kind, seriesReferences: chart.seriesReferences, folderId: chart.folderId };
}

function pushed(history: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
	const next = [...history, entry];
	return next.length > undoLimit ? next.slice(1) : next;
}

/** `undoable` is a person's change (recorded, and redo forgotten); an undo or redo applies one without either. */
function change(state: AutosaveState, patch: ChartPatch, undoable: boolean, at: number): Step {
	const now = shownChart(state);
	if (!now) return { state, effects: [] };
	let undo = state.undo;
	let redo = state.redo;
	if (undoable) {
		const fields = fieldsOf(patch);
		const last = undo[undo.length - 1];
		if (last?.kind === "settings" && last.fields === fields && at - last.at < undoBurst && fields.startsWith("meta."))
			undo = [...undo.slice(0, -1), { ...last, at }];
		else undo = pushed(undo, { kind: "settings", snapshot: snapshotOf(now), fields, at });
		redo = [];
	}
	const next: AutosaveState = {
		...state,
		undo,
		redo,
		kindFailure: patch.kind ? null : state.kindFailure,
		kindDetails: patch.kind ? null : state.kindDetails,
		pending: compose(state.pending, patch),
	};
	// During a conflict edits pile up until the person chooses; nothing is sent.
	if (state.conflict) return { state: next, effects: [] };
	return { state: { ...next, saveState: "unsaved" }, effects: [{ type: "wait" }] };
}

function saveFailed(state: AutosaveState, error: unknown): Step {
	const sent = state.inFlight;
	if (!sent) return { state, effects: [] };
	const afterSend: AutosaveState = { ...state, inFlight: null };
	if (error instanceof ApiFailure && error.status === 412) {
		return {
			state: { ...afterSend, pending: compose(sent, state.pending ?? {}), conflict: true, saveState: "conflict" },
			effects: [],
		};
	}
	if (refusedKind(error, sent)) {
		// Keep the old kind, save the rest; a kind chosen since is the person's latest word.
		const { kind: _refused, ...rest } = sent;
		const later = state.pending;
		let pending = later?.kind ? later : Object.keys(rest).length > 0 || later ? compose(rest, later ?? {}) : null;
		if (pending && Object.keys(pending).length === 0) pending = null;
		// Nothing changed, so there is nothing to undo.
		const last = state.undo[state.undo.length - 1];
		const undo = last?.kind === "settings" && last.fields === "kind" ? state.undo.slice(0, -1) : state.undo;
		const refused: AutosaveState = { ...afterSend, pending, undo, kindFailure: error.message, kindDetails: error.details ?? null };
		if (pending) return flush(refused);
		return { state: { ...refused, saveState: "saved" }, effects: [] };
	}
	return {
		state: { ...afterSend, pending: compose(sent, state.pending ?? {}), failure: asError(error), saveState: "error" },
		effects: [],
	};
}

function saved(state: AutosaveState, chart: Chart, etag: string | null): Step {
	const sent = state.inFlight;
	const before = state.saved;
	const next: AutosaveState = { ...withSaved(state, chart, etag), inFlight: null, failure: null };
	const effects: AutosaveEffect[] = [];
	if (sent?.series || (before && before.hasData !== chart.hasData)) effects.push({ type: "refreshPreview", theme: themeOf(chart.meta) });
	// Edits made meanwhile go in the next request, once typing pauses.
	if (next.pending) effects.push({ type: "wait" });
	return { state: next.pending ? next : { ...next, saveState: "saved" }, effects };
}

/** The patch that takes the chart as shown back to `snapshot`. */
function patchTo(now: Chart, snapshot: Snapshot): ChartPatch {
	const patch: ChartPatch = {};
	const meta = diffMergePatch(now.meta, snapshot.meta);
	if (Object.keys(meta).length > 0) patch.meta = meta;
	if (snapshot.kind !== now.kind) patch.kind = snapshot.kind;
	if (JSON.stringify(snapshot.seriesReferences) !== JSON.stringify(now.seriesReferences)) patch.series = snapshot.seriesReferences;
	if (snapshot.folderId !== now.folderId) patch.folderId = snapshot.folderId;
	return patch;
}

/**
 * Undo (or redo, `redoing`): the last entry of one history comes off, the state it names is
 * applied (a settings snapshot, or the table stepped), and an entry that takes it back again goes
 * onto the other history.
 */
function travel(state: AutosaveState, redoing: boolean, at: number): Step {
	const from = redoing ? state.redo : state.undo;
	const entry = from[from.length - 1];
	const now = shownChart(state);
	if (!entry || !now) return { state, effects: [] };
	const words: AutosaveEffect = { type: "announce", text: redoing ? "Redone" : "Undone" };
	const back: HistoryEntry =
		entry.kind === "table" ? { kind: "table", at } : { kind: "settings", snapshot: snapshotOf(now), fields: "", at };
	const popped: AutosaveState = redoing
		? { ...state, redo: state.redo.slice(0, -1), undo: pushed(state.undo, back) }
		: { ...state, undo: state.undo.slice(0, -1), redo: pushed(state.redo, back) };
	if (entry.kind === "table") return { state: popped, effects: [{ type: "stepTable", redoing }, words] };
	const patch = patchTo(now, entry.snapshot);
	const changed = Object.keys(patch).length > 0 ? change(popped, patch, false, at) : { state: popped, effects: [] };
	return { state: changed.state, effects: [...changed.effects, words] };
}

export function step(state: AutosaveState, event: AutosaveEvent): Step {
	switch (event.type) {
		case "opened":
			return {
				state: { ...withSaved(state, event.chart, event.etag), pending: null },
				effects: [{ type: "refreshPreview", theme: themeOf(event.chart.meta) }],
			};
		case "adopted":
			return { state: withSaved(state, event.chart, event.etag), effects: [{ type: "refreshPreview", theme: themeOf(event.chart.meta) }] };
		case "changed":
			return change(state, event.patch, event.undoable, event.at);
		case "flush":
			return flush(state);
		case "saved":
			return saved(state, event.chart, event.etag);
		case "saveFailed":
			return saveFailed(state, event.error);
		case "tookTheirs":
			return {
				state: {
					...withSaved(state, event.chart, event.etag),
					pending: null,
					conflict: false,
					// Their settings replace the person's, so only the table's own edits (kept) can be undone.
					undo: state.undo.filter((entry) => entry.kind === "table"),
					redo: state.redo.filter((entry) => entry.kind === "table"),
					failure: null,
					saveState: "saved",
				},
				effects: [
					{ type: "announce", text: "Showing their version" },
					{ type: "refreshPreview", theme: themeOf(event.chart.meta) },
				],
			};
		case "keptMine":
			return flush({ ...withSaved(state, event.chart, event.etag), conflict: false });
		case "refetchFailed":
			return { state: { ...state, failure: asError(event.error) }, effects: [] };
		case "undo":
			return travel(state, false, event.at);
		case "redo":
			return travel(state, true, event.at);
		case "tableEdited":
			return { state: { ...state, undo: pushed(state.undo, { kind: "table", at: event.at }), redo: [] }, effects: [] };
		case "tableReset":
			return {
				state: {
					...state,
					undo: state.undo.filter((entry) => entry.kind !== "table"),
					redo: state.redo.filter((entry) => entry.kind !== "table"),
				},
				effects: [],
			};
	}
}
