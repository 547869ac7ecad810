/**
 * The contract between the editor's frame (`editor-screen.tsx`: loading, autosave, undo, the
 * preview) and its steps (Data, Chart, Refine, Publish, History). A step reads the chart and
 * changes it only through this context, so saving, conflicts (412) and undo live in one place.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { SaveState } from "../../components/save-status";
import type { ApiFailure, ErrorDetails } from "../../lib/api";
import type { Chart } from "../../lib/chart-types";
import type { PreviewSource } from "../../preview/engine";

export type { SaveState } from "../../components/save-status";

export interface EditorContextValue {
	/** The chart as the person sees it: the last saved state with their unsaved edits applied. */
	chart: Chart;
	/** The saved chart's ETag (`"<version>"`), for a step's own conditional writes. */
	etag: string;
	saveState: SaveState;
	/**
	 * Changes settings: a JSON merge patch of `meta` (null removes a field), applied at once to
	 * `chart.meta` and the preview, saved through `PATCH` with `If-Match` ~500 ms later, undoable.
	 */
	updateMeta(patch: Record<string, unknown>): void;
	/**
	 * Changes top-level fields (`kind`, `series` references, `folderId`) the same way; with `meta`
	 * too, both are one change (one save, one step of undo): a kind with the column roles it needs.
	 */
	updateChart(patch: { kind?: Chart["kind"]; series?: unknown[]; folderId?: string | null; meta?: Record<string, unknown> }): void;
	/**
	 * After a step wrote to the API itself (data upload, publish, restore): adopt the chart the
	 * API answered and its ETag, and redraw the preview from the server's data.
	 */
	adopt(chart: Chart, etag: string | null): void;
	/** What the preview draws (the chart's data and theme), null until loaded or without data. */
	preview: PreviewSource | null;
	/** Shows a past version in the preview (History), or the current chart again with null. */
	previewVersion(version: number | null): void;
	/**
	 * The API's message when the last save was refused (422) for this field, else null. `path`
	 * is the API's `details.path`: `"meta.title"`, `"meta.seriesTransform"` (also answers for
	 * anything under it, e.g. `"meta.seriesTransform.China"`), `"series"`, `"folderId"`; `"kind"`
	 * answers when a kind switch was refused because the data does not fit it (the kind is then
	 * put back). Cleared by the next successful save.
	 */
	fieldError(path: string): string | null;
	/**
	 * The `details` of the refusal `fieldError("kind")` says, or null: `columns` holds the roles
	 * the API proposes for the refused kind when it has some (docs/data.md, column roles).
	 */
	kindRefusalDetails: ErrorDetails | null;
	/**
	 * Why the last save failed (the API's answer, with its `details`), until a save succeeds:
	 * for a step that shows more than the message, such as a refusal's proposed column roles.
	 */
	saveFailure: ApiFailure | Error | null;
	/** The version shown in the preview instead of the current chart, or null. */
	previewedVersion: number | null;
	/**
	 * Undoes the last change, a setting (or a burst of typing in one field) or an edit of the data
	 * table, in the order they were made; false when there is none.
	 */
	undo(): boolean;
	/** Puts back what undo took back last; false when there is none. */
	redo(): boolean;
	canUndo: boolean;
	canRedo: boolean;
	/** The data table recorded an edit in its own history: the next undo takes it back. */
	tableEdited(): void;
	/** The data table started afresh from new data: its earlier edits leave the undo history. */
	tableReset(): void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
	const editor = useContext(EditorContext);
	if (!editor) throw new Error("useEditor outside the editor");
	return editor;
}
