/**
 * The editor's state as a thin hook over the autosave reducer (autosave.ts): it runs the
 * reducer's effects (the wait before a save, the `PATCH` with `If-Match`, the preview's refresh,
 * announcements, stepping the data table's history) and loads what the reducer does not own: the
 * chart on opening, the preview's data and theme, a past version shown in History. Whether leaving
 * is safe is answered here for the settings; the frame (editor-screen.tsx) asks with the table's.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { ColumnRoles } from "../../../domain/column-roles";
import { announce } from "../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../lib/api";
import type { Chart } from "../../lib/chart-types";
import type { PreviewSource } from "../../preview/engine";
import type { AutosaveEffect, AutosaveEvent, AutosaveState, ChartPatch } from "./autosave";
import { initialAutosave, shownChart, step, themeOf } from "./autosave";
import type { EditorContextValue } from "./editor-context";

/** What `GET /console/api/charts/{id}/preview` answers. */
export interface PreviewAnswer extends Omit<PreviewSource, "dataset" | "drawn"> {
	version: number;
	dataset: PreviewSource["dataset"] | null;
	/** The roles the saved chart draws its table with; null: drawn as it is. */
	columnRoles: ColumnRoles | null;
	/** The saved chart's projection of `dataset`; null when it draws `dataset` as stored. */
	drawn: PreviewSource["dataset"] | null;
}

type Load = { state: "loading" } | { state: "missing" } | { state: "failed"; message: string } | { state: "ready" };

const saveDelay = 500;

/** How the data table's own history is stepped when the editor's undo or redo reaches one of its edits. */
export interface TableHistoryStepper {
	step(redoing: boolean): void;
}

export interface ChartEditor {
	load: Load;
	context: EditorContextValue | null;
	/** Settings not saved yet (waiting, being sent, refused, or in a conflict). */
	dirty: boolean;
	/**
	 * Leaving the chart: sends a settings edit still waiting for its save (the request outlives
	 * the screen) and answers whether leaving now loses nothing.
	 */
	flushForLeaving(): boolean;
	/** Set by the data table, so undo and redo can step it. */
	tableHistory: { current: TableHistoryStepper | null };
	conflict: boolean;
	failure: ApiFailure | Error | null;
	retry(): void;
	reloadTheirs(): void;
	keepMine(): void;
	reload(): void;
	/** The server's side of the preview (data and theme), null while it loads or fails. */
	previewData: PreviewAnswer | null;
	previewLoading: boolean;
	previewFailure: string | null;
	versionPreview: PreviewAnswer | null;
}

export function useChartEditor(chartId: string): ChartEditor {
	const path = `/v1/charts/${encodeURIComponent(chartId)}`;
	const [load, setLoad] = useState<Load>({ state: "loading" });
	// The reducer's state, read synchronously by effects and callbacks; `shown` re-renders.
	const autosave = useRef<AutosaveState>(initialAutosave);
	const [shown, setShown] = useState<AutosaveState>(initialAutosave);
	const [previewData, setPreviewData] = useState<PreviewAnswer | null>(null);
	const [previewLoading, setPreviewLoading] = useState(true);
	const [previewFailure, setPreviewFailure] = useState<string | null>(null);
	const [versionPreview, setVersionPreview] = useState<PreviewAnswer | null>(null);

	const timer = useRef<number | undefined>(undefined);
	const previewRequest = useRef(0);
	const previewTheme = useRef<string | undefined>(undefined);
	const alive = useRef(true);
	const tableHistory = useRef<TableHistoryStepper | null>(null);

	const fetchPreview = useCallback(
		(theme: string | undefined) => {
			const request = ++previewRequest.current;
			previewTheme.current = theme;
			setPreviewLoading(true);
			const query = theme ? `?theme=${encodeURIComponent(theme)}` : "";
			api.get<PreviewAnswer>(`/console/api/charts/${encodeURIComponent(chartId)}/preview${query}`).then(
				({ body }) => {
					if (request !== previewRequest.current || !alive.current) return;
					setPreviewData(body);
					setPreviewFailure(null);
					setPreviewLoading(false);
				},
				(error: unknown) => {
					if (request !== previewRequest.current || !alive.current) return;
					setPreviewFailure(describeFailure(error));
					setPreviewLoading(false);
				},
			);
		},
		[chartId],
	);

	// `dispatch` and `run` call each other (a save's answer is an event); refs keep both stable.
	const dispatchRef = useRef<(event: AutosaveEvent) => void>(() => undefined);
	const run = (effect: AutosaveEffect) => {
		switch (effect.type) {
			case "wait":
				window.clearTimeout(timer.current);
				timer.current = window.setTimeout(() => dispatchRef.current({ type: "flush" }), saveDelay);
				return;
			case "cancelWait":
				window.clearTimeout(timer.current);
				return;
			case "send":
				// The request outlives the screen (leaving just after an edit sends it and goes).
				api.patch<Chart>(path, effect.patch, { ifMatch: effect.etag }).then(
					(answer) => alive.current && dispatchRef.current({ type: "saved", chart: answer.body, etag: answer.etag }),
					(error: unknown) => alive.current && dispatchRef.current({ type: "saveFailed", error }),
				);
				return;
			case "refreshPreview":
				fetchPreview(effect.theme);
				return;
			case "announce":
				announce(effect.text);
				return;
			case "stepTable":
				tableHistory.current?.step(effect.redoing);
				return;
		}
	};
	const dispatch = (event: AutosaveEvent) => {
		const next = step(autosave.current, event);
		autosave.current = next.state;
		setShown(next.state);
		for (const effect of next.effects) run(effect);
	};
	dispatchRef.current = dispatch;
	const send = useCallback((event: AutosaveEvent) => dispatchRef.current(event), []);

	const open = useCallback(() => {
		setLoad({ state: "loading" });
		api.get<Chart>(path).then(
			(answer) => {
				if (!alive.current) return;
				send({ type: "opened", chart: answer.body, etag: answer.etag });
				setLoad({ state: "ready" });
			},
			(error: unknown) => {
				if (!alive.current) return;
				if (error instanceof ApiFailure && error.status === 404) setLoad({ state: "missing" });
				else setLoad({ state: "failed", message: describeFailure(error) });
			},
		);
	}, [path, send]);

	useEffect(() => {
		alive.current = true;
		open();
		return () => {
			alive.current = false;
			window.clearTimeout(timer.current);
		};
	}, [open]);

	const chart = useMemo(() => shownChart(shown), [shown.saved, shown.inFlight, shown.pending]);

	// A theme chosen in Refine is drawn before it is saved: fetch its definition.
	const localTheme = chart ? themeOf(chart.meta) : undefined;
	useEffect(() => {
		if (load.state !== "ready" || localTheme === previewTheme.current) return;
		const wait = window.setTimeout(() => fetchPreview(localTheme), 300);
		return () => window.clearTimeout(wait);
	}, [localTheme, load.state, fetchPreview]);

	const flushForLeaving = useCallback((): boolean => {
		// Leaving within the half second before a save: send it now and go (the request outlives
		// the screen). Edits would be lost only after a refused or failed save, in a conflict, or
		// queued behind a request still in flight.
		const { conflict, failure, inFlight, pending, saveState } = autosave.current;
		if (saveState === "saved") return true;
		if (!conflict && !failure && !inFlight) {
			send({ type: "flush" });
			return true;
		}
		return !conflict && !failure && !pending;
	}, [send]);

	/** After a conflict: their version, then `then` says what to do with the person's edits. */
	const afterConflict = useCallback(
		(then: "tookTheirs" | "keptMine") => {
			api.get<Chart>(path).then(
				(answer) => send({ type: then, chart: answer.body, etag: answer.etag }),
				(error: unknown) => send({ type: "refetchFailed", error }),
			);
		},
		[path, send],
	);

	const undo = useCallback((): boolean => {
		const had = autosave.current.undo.length > 0 && autosave.current.saved !== null;
		send({ type: "undo", at: Date.now() });
		return had;
	}, [send]);
	const redo = useCallback((): boolean => {
		const had = autosave.current.redo.length > 0 && autosave.current.saved !== null;
		send({ type: "redo", at: Date.now() });
		return had;
	}, [send]);
	const tableEdited = useCallback(() => send({ type: "tableEdited", at: Date.now() }), [send]);
	const tableReset = useCallback(() => send({ type: "tableReset" }), [send]);

	const previewVersion = useCallback(
		(version: number | null) => {
			if (version === null) return setVersionPreview(null);
			api.get<PreviewAnswer>(`/console/api/charts/${encodeURIComponent(chartId)}/preview?version=${version}`).then(
				({ body }) => alive.current && setVersionPreview(body),
				(error: unknown) => announce(`Version ${version} could not be shown: ${describeFailure(error)}`),
			);
		},
		[chartId],
	);

	const preview = useMemo((): PreviewSource | null => {
		if (!chart || !previewData?.dataset) return null;
		const saved = shown.saved;
		const sameKind = saved?.kind === chart.kind;
		return {
			kind: chart.kind,
			meta: chart.meta,
			seriesNames: sameKind && saved ? saved.series : previewData.seriesNames,
			dataset: previewData.dataset,
			drawn: previewData.drawn,
			fromStatistics: chart.seriesReferences.length > 0 || previewData.fromStatistics,
			theme: previewData.theme,
		};
	}, [chart, previewData]);

	const { failure, kindFailure, kindDetails } = shown;
	const fieldError = useCallback(
		(field: string): string | null => {
			if (field === "kind") return kindFailure;
			if (!(failure instanceof ApiFailure) || failure.status !== 422) return null;
			const named = failure.details?.path;
			if (typeof named !== "string") return null;
			return named === field || named.startsWith(`${field}.`) || named.startsWith(`${field}[`) ? failure.message : null;
		},
		[failure, kindFailure],
	);

	const change = useCallback((patch: ChartPatch) => send({ type: "changed", patch, undoable: true, at: Date.now() }), [send]);
	const adopt = useCallback((next: Chart, etag: string | null) => send({ type: "adopted", chart: next, etag }), [send]);
	const context = useMemo((): EditorContextValue | null => {
		if (!chart) return null;
		return {
			chart,
			etag: shown.etag,
			saveState: shown.saveState,
			updateMeta: (patch) => change({ meta: patch }),
			updateChart: (patch) => change(patch),
			adopt,
			preview,
			previewVersion,
			fieldError,
			kindRefusalDetails: kindDetails,
			saveFailure: failure,
			previewedVersion: versionPreview?.version ?? null,
			undo,
			redo,
			canUndo: shown.undo.length > 0,
			canRedo: shown.redo.length > 0,
			tableEdited,
			tableReset,
		};
	}, [
		chart,
		shown.etag,
		shown.saveState,
		change,
		adopt,
		preview,
		previewVersion,
		fieldError,
		kindDetails,
		failure,
		versionPreview,
		undo,
		redo,
		shown.undo.length,
		shown.redo.length,
		tableEdited,
		tableReset,
	]);

	return {
		load,
		context,
		dirty: shown.saveState !== "saved",
		flushForLeaving,
		tableHistory,
		conflict: shown.conflict,
		failure,
		retry: () => send({ type: "flush" }),
		reloadTheirs: () => afterConflict("tookTheirs"),
		keepMine: () => afterConflict("keptMine"),
		reload: open,
		previewData,
		previewLoading,
		previewFailure,
		versionPreview,
	};
}
