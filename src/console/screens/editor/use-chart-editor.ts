/**
 * The editor's state machine: the saved chart and its ETag, the person's unsaved edits on top,
 * autosave (one `PATCH` with `If-Match` in flight, edits made meanwhile folded into the next),
 * conflicts (412), refusals (422, kept per field), undo, and the data the preview draws.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { nameForTitle } from "../../../domain/chart-name";
import { applyMergePatch, composeMergePatch, diffMergePatch } from "../../../domain/merge-patch";
import { announce } from "../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../lib/api";
import type { Chart } from "../../lib/chart-types";
import { useLeaveGuard } from "../../lib/use-leave-guard";
import type { PreviewSource } from "../../preview/engine";
import type { EditorContextValue, SaveState } from "./editor-context";

/** What `GET /console/api/charts/{id}/preview` answers. */
export interface PreviewAnswer extends Omit<PreviewSource, "dataset"> {
	version: number;
	dataset: PreviewSource["dataset"] | null;
}

/** A JSON merge patch of `meta` (src/domain/merge-patch.ts, the one the server applies). */
type Patch = Record<string, unknown>;

type Load = { state: "loading" } | { state: "missing" } | { state: "failed"; message: string } | { state: "ready" };

/** Top-level fields and a meta merge patch, as `PATCH /v1/charts/{id}` takes them. */
interface ChartPatch {
	kind?: Chart["kind"];
	series?: unknown[];
	folderId?: string | null;
	meta?: Patch;
}

interface Snapshot {
	meta: Record<string, unknown>;
	kind: Chart["kind"];
	seriesReferences: Chart["seriesReferences"];
	folderId: string | null;
}

const saveDelay = 500;
/** Edits to the same fields closer together than this are one step of undo (typing a title). */
const undoBurst = 1200;

function compose(first: ChartPatch | null, second: ChartPatch): ChartPatch {
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

function snapshotOf(chart: Chart): Snapshot {
	return { meta: chart.meta, kind: chart.kind, seriesReferences: chart.seriesReferences, folderId: chart.folderId };
}

function fieldsOf(patch: ChartPatch): string {
	const fields = Object.keys(patch).filter((key) => key !== "meta");
	if (patch.meta) fields.push(...Object.keys(patch.meta).map((key) => `meta.${key}`));
	return fields.sort().join(",");
}

function etagOf(answer: { etag: string | null }, chart: Chart): string {
	return answer.etag ?? `"${chart.version}"`;
}

export interface ChartEditor {
	load: Load;
	context: EditorContextValue | null;
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
	const [chart, setChart] = useState<Chart | null>(null);
	const [etag, setEtag] = useState("");
	const [saveState, setSaveState] = useState<SaveState>("saved");
	const [failure, setFailure] = useState<ApiFailure | Error | null>(null);
	const failureRef = useRef<ApiFailure | Error | null>(null);
	failureRef.current = failure;
	const [conflict, setConflict] = useState(false);
	const [kindFailure, setKindFailure] = useState<string | null>(null);
	const [undoDepth, setUndoDepth] = useState(0);
	const [previewData, setPreviewData] = useState<PreviewAnswer | null>(null);
	const [previewLoading, setPreviewLoading] = useState(true);
	const [previewFailure, setPreviewFailure] = useState<string | null>(null);
	const [versionPreview, setVersionPreview] = useState<PreviewAnswer | null>(null);

	const saved = useRef<Chart | null>(null);
	const etagRef = useRef("");
	const pending = useRef<ChartPatch | null>(null);
	/** The patch being saved right now: still part of what the person sees. */
	const inFlight = useRef<ChartPatch | null>(null);
	const conflictRef = useRef(false);
	const timer = useRef<number | undefined>(undefined);
	const undoStack = useRef<{ snapshot: Snapshot; fields: string; at: number }[]>([]);
	const previewRequest = useRef(0);
	const previewTheme = useRef<string | undefined>(undefined);
	const alive = useRef(true);

	/** The chart as the person sees it: saved, then the patch in flight, then later edits. */
	const current = useCallback((): Chart | null => {
		if (!saved.current) return null;
		return applied(applied(saved.current, inFlight.current), pending.current);
	}, []);
	const show = useCallback(() => {
		const chart = current();
		if (chart) setChart(chart);
	}, [current]);

	const adoptSaved = useCallback((next: Chart, nextEtag: string | null) => {
		saved.current = next;
		etagRef.current = nextEtag ?? `"${next.version}"`;
		setEtag(etagRef.current);
	}, []);

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

	const themeOf = (meta: Record<string, unknown>) => (typeof meta.theme === "string" ? meta.theme : undefined);

	const flush = useCallback(() => {
		window.clearTimeout(timer.current);
		if (inFlight.current || conflictRef.current || !pending.current || !saved.current) return;
		const sent = pending.current;
		pending.current = null;
		inFlight.current = sent;
		setSaveState("saving");
		api.patch<Chart>(path, sent, { ifMatch: etagRef.current }).then(
			(answer) => {
				inFlight.current = null;
				if (!alive.current) return;
				const before = saved.current;
				adoptSaved(answer.body, etagOf(answer, answer.body));
				setFailure(null);
				show();
				if (sent.series || (before && before.hasData !== answer.body.hasData)) fetchPreview(themeOf(answer.body.meta));
				// Edits made meanwhile go in the next request, once typing pauses.
				if (pending.current) timer.current = window.setTimeout(flush, saveDelay);
				else setSaveState("saved");
			},
			(error: unknown) => {
				inFlight.current = null;
				if (!alive.current) return;
				if (error instanceof ApiFailure && error.status === 412) {
					pending.current = compose(sent, pending.current ?? {});
					conflictRef.current = true;
					setConflict(true);
					setSaveState("conflict");
					return;
				}
				if (
					error instanceof ApiFailure &&
					error.status === 422 &&
					sent.kind &&
					(error.code === "invalid_data" || error.details?.path === "kind")
				) {
					// The data does not fit the new kind: keep the old kind, save the rest.
					const { kind: _refused, ...rest } = sent;
					const later = pending.current;
					pending.current = later?.kind ? later : Object.keys(rest).length > 0 || later ? compose(rest, later ?? {}) : null;
					if (pending.current && Object.keys(pending.current).length === 0) pending.current = null;
					setKindFailure(error.message);
					// Nothing changed, so there is nothing to undo.
					if (undoStack.current[undoStack.current.length - 1]?.fields === "kind") undoStack.current.pop();
					setUndoDepth(undoStack.current.length);
					show();
					if (pending.current) flush();
					else setSaveState("saved");
					return;
				}
				pending.current = compose(sent, pending.current ?? {});
				setFailure(error instanceof Error ? error : new Error(describeFailure(error)));
				setSaveState("error");
			},
		);
	}, [path, show, adoptSaved, fetchPreview]);

	const change = useCallback(
		(patch: ChartPatch, options: { undoable: boolean }) => {
			const now = current();
			if (!now) return;
			if (options.undoable) {
				const fields = fieldsOf(patch);
				const last = undoStack.current[undoStack.current.length - 1];
				const at = Date.now();
				if (last && last.fields === fields && at - last.at < undoBurst && fields.startsWith("meta.")) last.at = at;
				else undoStack.current.push({ snapshot: snapshotOf(now), fields, at });
				if (undoStack.current.length > 100) undoStack.current.shift();
				setUndoDepth(undoStack.current.length);
			}
			if (patch.kind) setKindFailure(null);
			pending.current = compose(pending.current, patch);
			show();
			if (conflictRef.current) return;
			setSaveState("unsaved");
			window.clearTimeout(timer.current);
			timer.current = window.setTimeout(flush, saveDelay);
		},
		[current, show, flush],
	);

	const open = useCallback(() => {
		setLoad({ state: "loading" });
		api.get<Chart>(path).then(
			(answer) => {
				if (!alive.current) return;
				adoptSaved(answer.body, answer.etag);
				pending.current = null;
				show();
				setLoad({ state: "ready" });
				fetchPreview(themeOf(answer.body.meta));
			},
			(error: unknown) => {
				if (!alive.current) return;
				if (error instanceof ApiFailure && error.status === 404) setLoad({ state: "missing" });
				else setLoad({ state: "failed", message: describeFailure(error) });
			},
		);
	}, [path, show, adoptSaved, fetchPreview]);

	useEffect(() => {
		alive.current = true;
		open();
		return () => {
			alive.current = false;
			window.clearTimeout(timer.current);
		};
	}, [open]);

	// A theme chosen in Refine is drawn before it is saved: fetch its definition.
	const localTheme = chart ? themeOf(chart.meta) : undefined;
	useEffect(() => {
		if (load.state !== "ready" || localTheme === previewTheme.current) return;
		const wait = window.setTimeout(() => fetchPreview(localTheme), 300);
		return () => window.clearTimeout(wait);
	}, [localTheme, load.state, fetchPreview]);

	useLeaveGuard(
		saveState !== "saved",
		() => {
			// Leaving within the half second before a save: send it now and go (the request
			// outlives the screen). Ask only when edits would be lost: a refused or failed save,
			// a conflict, or edits queued behind a request still in flight.
			if (!conflictRef.current && !failureRef.current && !inFlight.current) {
				flush();
				return true;
			}
			return !conflictRef.current && !failureRef.current && !pending.current;
		},
		"This chart has changes that are not saved yet. Leave anyway and lose them?",
	);

	const refetchChart = useCallback(async (): Promise<Chart | null> => {
		try {
			const answer = await api.get<Chart>(path);
			adoptSaved(answer.body, answer.etag);
			return answer.body;
		} catch (error) {
			setFailure(error instanceof Error ? error : new Error(describeFailure(error)));
			return null;
		}
	}, [path, adoptSaved]);

	const reloadTheirs = useCallback(() => {
		void refetchChart().then((theirs) => {
			if (!theirs) return;
			pending.current = null;
			conflictRef.current = false;
			undoStack.current = [];
			setUndoDepth(0);
			setConflict(false);
			setFailure(null);
			show();
			setSaveState("saved");
			announce("Showing their version");
			fetchPreview(themeOf(theirs.meta));
		});
	}, [refetchChart, show, fetchPreview]);

	const keepMine = useCallback(() => {
		void refetchChart().then((theirs) => {
			if (!theirs) return;
			conflictRef.current = false;
			setConflict(false);
			show();
			flush();
		});
	}, [refetchChart, show, flush]);

	const undo = useCallback((): boolean => {
		const entry = undoStack.current.pop();
		setUndoDepth(undoStack.current.length);
		const now = current();
		if (!entry || !now) return false;
		const patch: ChartPatch = {};
		const meta = diffMergePatch(now.meta, entry.snapshot.meta);
		if (Object.keys(meta).length > 0) patch.meta = meta;
		if (entry.snapshot.kind !== now.kind) patch.kind = entry.snapshot.kind;
		if (JSON.stringify(entry.snapshot.seriesReferences) !== JSON.stringify(now.seriesReferences))
			patch.series = entry.snapshot.seriesReferences;
		if (entry.snapshot.folderId !== now.folderId) patch.folderId = entry.snapshot.folderId;
		if (Object.keys(patch).length > 0) change(patch, { undoable: false });
		announce("Undone");
		return true;
	}, [change, current]);

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

	const adopt = useCallback(
		(next: Chart, nextEtag: string | null) => {
			adoptSaved(next, nextEtag);
			show();
			fetchPreview(themeOf(next.meta));
		},
		[adoptSaved, show, fetchPreview],
	);

	const preview = useMemo((): PreviewSource | null => {
		if (!chart || !previewData?.dataset) return null;
		const sameKind = saved.current?.kind === chart.kind;
		return {
			kind: chart.kind,
			meta: chart.meta,
			seriesNames: sameKind && saved.current ? saved.current.series : previewData.seriesNames,
			dataset: previewData.dataset,
			fromStatistics: chart.seriesReferences.length > 0 || previewData.fromStatistics,
			theme: previewData.theme,
		};
	}, [chart, previewData]);

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

	const context = useMemo((): EditorContextValue | null => {
		if (!chart) return null;
		return {
			chart,
			etag,
			saveState,
			updateMeta: (patch) => change({ meta: patch }, { undoable: true }),
			updateChart: (patch) => change(patch, { undoable: true }),
			adopt,
			preview,
			previewVersion,
			fieldError,
			previewedVersion: versionPreview?.version ?? null,
			undo,
			canUndo: undoDepth > 0,
		};
	}, [chart, etag, saveState, change, adopt, preview, previewVersion, fieldError, versionPreview, undo, undoDepth]);

	return {
		load,
		context,
		conflict,
		failure,
		retry: flush,
		reloadTheirs,
		keepMine,
		reload: open,
		previewData,
		previewLoading,
		previewFailure,
		versionPreview,
	};
}
