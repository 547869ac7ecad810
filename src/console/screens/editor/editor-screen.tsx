/**
 * The chart editor at `/charts/{id}` (docs/design.md#console-layout): a toolbar (back to the charts, the
 * title, the save state, undo and redo, publish), the steps as tabs with one column of controls,
 * and the live preview beside them that never scrolls away. Saving, conflicts and undo live in
 * `use-chart-editor.ts`; the steps talk to them only through `EditorContext`. The data table's
 * state is held here too (`TableEditorContext`), for as long as the chart is open, so its edits
 * outlive the Data step; the header's save state and the question before leaving cover both.
 */
import { defaultChartName } from "../../../domain/chart-name";
import "./editor.css";
import "./editor-buttons.css";
import type { ComponentType } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Icon } from "../../components/icon";
import { SaveStatus } from "../../components/save-status";
import { ApiFailure } from "../../lib/api";
import { canEdit } from "../../lib/roles";
import { Link } from "../../lib/router";
import { useRole } from "../../lib/session";
import { useLeaveGuard } from "../../lib/use-leave-guard";
import type { PreviewSource } from "../../preview/engine";
import { ConflictDialog } from "./conflict-dialog";
import { EditorContext, type EditorContextValue } from "./editor-context";
import { editorSaveState } from "./editor-save-state";
import { PreviewPane } from "./preview-pane";
import { ChartStep } from "./steps/chart-step";
import { readOnlyReason } from "./steps/data/current-data";
import { TableEditorContext } from "./steps/data/table-context";
import { useTableEditorState } from "./steps/data/use-table-editor-state";
import { DataStep } from "./steps/data-step";
import { HistoryStep } from "./steps/history-step";
import { PublishStep } from "./steps/publish-step";
import { RefineStep } from "./steps/refine-step";
import { type ChartEditor, type PreviewAnswer, useChartEditor } from "./use-chart-editor";
import { ViewerFrame } from "./viewer-frame";

type StepId = "data" | "chart" | "refine" | "publish" | "history";
const steps: { id: StepId; label: string; Component: ComponentType }[] = [
	{ id: "data", label: "Data", Component: DataStep },
	{ id: "chart", label: "Chart", Component: ChartStep },
	{ id: "refine", label: "Refine", Component: RefineStep },
	{ id: "publish", label: "Publish", Component: PublishStep },
	{ id: "history", label: "History", Component: HistoryStep },
];

const narrowScreen = window.matchMedia("(max-width: 900px)");

/** A field people type into (not a radio, checkbox or button). */
function isTextEntry(target: EventTarget | null): boolean {
	if (target instanceof HTMLTextAreaElement) return true;
	return target instanceof HTMLInputElement && ["text", "search", "number", "url", "email", ""].includes(target.type);
}

function sourceOf(answer: PreviewAnswer | null): PreviewSource | null {
	if (!answer?.dataset) return null;
	return { ...answer, dataset: answer.dataset };
}

function TitleInput({ editor }: { editor: EditorContextValue }) {
	const title = typeof editor.chart.meta.title === "string" ? editor.chart.meta.title : "";
	const error = editor.fieldError("meta.title");
	return (
		<div class="title-field">
			<label for="chart-title" class="visually-hidden">
				Chart title
			</label>
			<input
				id="chart-title"
				class="title-input"
				value={title}
				placeholder={defaultChartName}
				maxLength={300}
				aria-invalid={error ? "true" : undefined}
				aria-describedby={error ? "chart-title-error" : undefined}
				onInput={(event) => editor.updateMeta({ title: event.currentTarget.value === "" ? null : event.currentTarget.value })}
			/>
			<svg class="title-pencil" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
				<path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />
			</svg>
			{error && (
				<span id="chart-title-error" class="title-error" role="alert">
					{error}
				</span>
			)}
		</div>
	);
}

function StepTabs({ current, onChange }: { current: StepId; onChange(step: StepId): void }) {
	const list = useRef<HTMLDivElement>(null);
	const move = (delta: number) => {
		const at = steps.findIndex((step) => step.id === current);
		const next = steps[(at + delta + steps.length) % steps.length];
		if (!next) return;
		onChange(next.id);
		list.current?.querySelector<HTMLElement>(`#tab-${next.id}`)?.focus();
	};
	return (
		<div
			class="step-tabs"
			role="tablist"
			aria-label="Steps"
			ref={list}
			onKeyDown={(event) => {
				if (event.key === "ArrowRight") move(1);
				else if (event.key === "ArrowLeft") move(-1);
				else if (event.key === "Home") move(-steps.findIndex((step) => step.id === current));
				else if (event.key === "End") move(steps.length - 1 - steps.findIndex((step) => step.id === current));
				else return;
				event.preventDefault();
			}}
		>
			{steps.map((step) => (
				<button
					key={step.id}
					id={`tab-${step.id}`}
					type="button"
					role="tab"
					aria-selected={current === step.id}
					aria-controls={`panel-${step.id}`}
					tabIndex={current === step.id ? 0 : -1}
					onClick={() => onChange(step.id)}
				>
					{step.label}
				</button>
			))}
		</div>
	);
}

function EditorSkeleton() {
	return (
		<div class="editor" role="status" aria-busy="true" aria-label="Loading the chart">
			<div class="editor-toolbar">
				<div class="skeleton line" style={{ width: "240px", height: "20px" }} />
			</div>
			<div class="editor-body">
				<div class="editor-controls">
					<div class="skeleton line" style={{ height: "32px" }} />
					{[80, 64, 72, 56].map((width) => (
						<div key={width} class="skeleton line" style={{ width: `${width}%`, height: "16px" }} />
					))}
					<div class="skeleton" style={{ height: "160px" }} />
				</div>
				<div class="preview-pane">
					<div class="preview-stage">
						<div class="preview-canvas placeholder skeleton" style={{ width: "100%", maxWidth: "800px", aspectRatio: "8 / 5" }} />
					</div>
				</div>
			</div>
		</div>
	);
}

export function EditorScreen({ chartId }: { chartId: string }) {
	const editor = useChartEditor(chartId);
	const role = useRole();
	const context = editor.context;

	useEffect(() => {
		if (context) document.title = `${context.chart.name} · Charts`;
	}, [context?.chart.name]);

	if (editor.load.state === "missing") {
		return (
			<section class="empty-state" aria-labelledby="missing-title">
				<h1 id="missing-title">This chart does not exist</h1>
				<p class="muted">It may have been deleted, or the link is wrong. Charts of other workspaces are not shown.</p>
				<Link class="button primary" href="/">
					Go to your charts
				</Link>
			</section>
		);
	}
	if (editor.load.state === "failed") {
		return (
			<div class="editor-message">
				<div class="banner error" role="alert">
					<span class="banner-text">The chart could not be opened: {editor.load.message}</span>
					<button type="button" class="button" onClick={editor.reload}>
						Try again
					</button>
				</div>
			</div>
		);
	}
	if (editor.load.state === "loading" || !context) return <EditorSkeleton />;
	if (!canEdit(role)) return <ViewerFrame editor={editor} context={context} />;
	return <EditorFrame editor={editor} context={context} />;
}

/** Whether a key press is undo (Ctrl/Cmd+Z) or redo (Ctrl/Cmd+Shift+Z, Ctrl/Cmd+Y), else null. */
function undoKey(event: KeyboardEvent): "undo" | "redo" | null {
	if (event.altKey || !(event.ctrlKey || event.metaKey)) return null;
	const key = event.key.toLowerCase();
	if (key === "z") return event.shiftKey ? "redo" : "undo";
	return key === "y" && !event.shiftKey ? "redo" : null;
}

/** The open chart: its header, steps and preview, with the data table's state held for them all. */
function EditorFrame({ editor, context }: { editor: ChartEditor; context: EditorContextValue }) {
	const [step, setStep] = useState<StepId | null>(null);
	// At phone widths the preview folds to a one-line bar while a text field of a step has focus.
	const [folded, setFolded] = useState(false);
	const chosenStep: StepId = step ?? "data";
	const table = useTableEditorState(context, context.preview?.dataset ?? null, readOnlyReason(context.chart), editor.tableHistory);
	const saveState = editorSaveState(context.saveState, table.save.status, table.save.dirty);

	// Leaving the chart sends what waits; it asks first when edits would be lost (a refused or
	// held cell, a conflict, a failed save), for the settings and the table alike.
	useLeaveGuard(
		context.saveState !== "saved" || table.save.dirty,
		() => {
			const settingsSafe = editor.flushForLeaving();
			const tableSafe = table.save.flushForLeaving();
			return settingsSafe && tableSafe;
		},
		"This chart has changes that are not saved yet. Leave anyway and lose them?",
	);

	// Ctrl/Cmd+Z undoes the last change and Ctrl/Cmd+Shift+Z (or Y) redoes it, except in fields
	// with their own undo (the CSV box, a cell being edited, search); the grid calls the same undo.
	const latest = useRef(context);
	latest.current = context;
	useEffect(() => {
		const onKey = (event: KeyboardEvent) => {
			const wanted = undoKey(event);
			if (!wanted) return;
			const target = event.target as HTMLElement | null;
			if (target?.closest("[data-native-undo]")) return;
			const done = wanted === "undo" ? latest.current.undo() : latest.current.redo();
			if (done) event.preventDefault();
		};
		document.addEventListener("keydown", onKey);
		return () => document.removeEventListener("keydown", onKey);
	}, []);

	// Opening a chart (from the list, or `n` for a new one) puts focus where work starts rather
	// than leaving it on the page: the paste box or the library search of a chart without data,
	// else the chart's name heading. Only if nothing has focus yet.
	useEffect(() => {
		// The shell's <main> takes focus on a new screen so reading starts there; that counts as nothing yet.
		const active = document.activeElement;
		if (active && active !== document.body && active.id !== "main") return;
		const start = document.querySelector<HTMLElement>("#csv-paste, #library-search");
		const firstPlace = context.chart.hasData ? null : start;
		(firstPlace ?? document.getElementById("editor-heading"))?.focus();
	}, []);

	const version = useMemo(
		() => (editor.versionPreview ? { number: editor.versionPreview.version, source: sourceOf(editor.versionPreview) } : null),
		[editor.versionPreview],
	);

	const current = steps.find((candidate) => candidate.id === chosenStep) ?? steps[0];
	const Step = current?.Component ?? DataStep;
	const generalFailure =
		editor.failure && !(editor.failure instanceof ApiFailure && editor.failure.status === 422 && context.fieldError("meta.title"))
			? editor.failure.message
			: null;
	// The Data step's table takes the room it needs; the preview beside it shrinks meanwhile.
	const wideControls = chosenStep === "data" && context.chart.hasData;

	return (
		<EditorContext.Provider value={context}>
			<TableEditorContext.Provider value={table}>
				<div class="editor">
					<div class="editor-toolbar">
						<Link href="/" class="button quiet back-link">
							<Icon name="back" /> Charts
						</Link>
						{/* The page's heading for assistive technology; the title field beside it is the visible one. */}
						<h1 id="editor-heading" class="visually-hidden" tabIndex={-1}>
							{context.chart.name}
						</h1>
						<TitleInput editor={context} />
						<div class="toolbar-end">
							<SaveStatus
								state={saveState}
								onRetry={() => {
									editor.retry();
									table.save.flush();
								}}
							/>
							<button
								type="button"
								class="button quiet"
								aria-disabled={context.canUndo ? undefined : "true"}
								onClick={() => {
									if (context.canUndo) context.undo();
								}}
								aria-keyshortcuts="Control+Z Meta+Z"
								title="Undo (Ctrl+Z)"
							>
								<Icon name="undo" />
								<span class="hide-narrow">Undo</span>
							</button>
							<button
								type="button"
								class="button quiet"
								aria-disabled={context.canRedo ? undefined : "true"}
								onClick={() => {
									if (context.canRedo) context.redo();
								}}
								aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
								title="Redo (Ctrl+Shift+Z)"
							>
								<Icon name="undo" class="flip" />
								<span class="hide-narrow">Redo</span>
							</button>
							<button type="button" class="button primary" onClick={() => setStep("publish")}>
								{context.chart.published ? "Republish" : "Publish"}
							</button>
						</div>
					</div>
					<ConflictDialog open={editor.conflict} onReloadTheirs={editor.reloadTheirs} onKeepMine={editor.keepMine} />
					{generalFailure && context.saveState === "error" && (
						<div class="banner error editor-banner" role="alert">
							<Icon name="alert" />
							<span class="banner-text">Your last change was not saved: {generalFailure}</span>
							<button type="button" class="button" onClick={editor.retry}>
								Retry
							</button>
						</div>
					)}
					<div class={wideControls ? "editor-body wide-controls" : "editor-body"}>
						<div class="editor-controls">
							<StepTabs current={chosenStep} onChange={setStep} />
							<div
								class="step-panel"
								role="tabpanel"
								id={`panel-${chosenStep}`}
								aria-labelledby={`tab-${chosenStep}`}
								onFocusIn={(event) => {
									if (!narrowScreen.matches || !isTextEntry(event.target)) return;
									setFolded(true);
									const field = event.target as HTMLElement;
									window.requestAnimationFrame(() => field.scrollIntoView({ block: "nearest" }));
								}}
								onFocusOut={(event) => {
									if (!isTextEntry(event.relatedTarget)) setFolded(false);
								}}
							>
								<Step key={chosenStep} />
							</div>
						</div>
						<PreviewPane
							source={context.preview}
							version={version}
							onBackToCurrent={() => context.previewVersion(null)}
							loading={editor.previewLoading}
							failure={editor.previewFailure}
							hasData={context.chart.hasData}
							folded={folded}
							onUnfold={() => setFolded(false)}
						/>
					</div>
				</div>
			</TableEditorContext.Provider>
		</EditorContext.Provider>
	);
}
