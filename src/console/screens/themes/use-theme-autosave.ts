/**
 * Autosave for the theme studio, as the chart editor saves (docs/design.md#console-autosave):
 * each change is kept locally at once and sent as a `PATCH` about 500 ms after the last one; one
 * request at a time, the latest state wins; leaving with edits that did not save asks first.
 * The theme routes keep no version, so there is no `If-Match` to send: the studio sends the whole
 * definition (a merge patch that replaces every field, `logo: null` removing a logo), so the
 * last save is the theme, whatever was sent before it. Ctrl/Cmd+Z (and the Undo button) go back
 * one change at a time, each undo saved like an edit.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { SaveState as SharedSaveState } from "../../components/save-status";
import { ApiFailure, api, describeFailure } from "../../lib/api";
import { useLeaveGuard } from "../../lib/use-leave-guard";
import type { ConsoleTheme, ThemeCheck, ThemeDefinition } from "./theme-model";
import { definitionOf } from "./theme-model";

/** The theme routes keep no version, so a theme save never meets a conflict. */
export type SaveState = Exclude<SharedSaveState, "conflict">;

export interface ThemeAutosave {
	definition: ThemeDefinition;
	saveState: SaveState;
	/** The API's message for the last refused save, and the field it names (e.g. `logo.dataUri`). */
	failure: { message: string; path: string | null } | null;
	/** The checks the API answered for the last saved definition. */
	savedChecks: ThemeCheck[];
	change(next: ThemeDefinition): void;
	/** Goes back one change (saved like any other); false when there is nothing to undo. */
	undo(): boolean;
	canUndo: boolean;
	retry(): void;
}

const delayMs = 500;
/** Changes this close together (the keystrokes of one colour) are undone as one. */
const undoGroupMs = 1000;
const undoDepth = 100;

export function useThemeAutosave(theme: ConsoleTheme, onSaved: (saved: ConsoleTheme) => void): ThemeAutosave {
	const [definition, setDefinition] = useState<ThemeDefinition>(() => definitionOf(theme));
	const [saveState, setSaveState] = useState<SaveState>("saved");
	const [failure, setFailure] = useState<ThemeAutosave["failure"]>(null);
	const [savedChecks, setSavedChecks] = useState<ThemeCheck[]>(theme.checks);
	const latest = useRef(definition);
	const timer = useRef<number | undefined>(undefined);
	const inFlight = useRef(false);
	const pending = useRef(false);
	const failed = useRef(false);
	const history = useRef<ThemeDefinition[]>([]);
	const lastChangeAt = useRef(0);
	const [canUndo, setCanUndo] = useState(false);

	const send = useCallback(async () => {
		window.clearTimeout(timer.current);
		if (inFlight.current) {
			pending.current = true;
			return;
		}
		inFlight.current = true;
		pending.current = false;
		const sent = latest.current;
		setSaveState("saving");
		try {
			const { body } = await api.patch<ConsoleTheme>(`/console/api/themes/${encodeURIComponent(theme.id)}`, {
				...sent,
				logo: sent.logo ?? null,
			});
			failed.current = false;
			setFailure(null);
			setSavedChecks(body.checks);
			onSaved(body);
			// The save state in the bar is a live region of its own: no announcement here.
			if (!pending.current && latest.current === sent) setSaveState("saved");
		} catch (error) {
			failed.current = true;
			const path = error instanceof ApiFailure && typeof error.details?.path === "string" ? error.details.path : null;
			setFailure({ message: describeFailure(error), path });
			setSaveState("error");
		} finally {
			inFlight.current = false;
			if (pending.current) void send();
		}
	}, [theme.id, onSaved]);

	const apply = useCallback(
		(next: ThemeDefinition) => {
			latest.current = next;
			setDefinition(next);
			setSaveState("unsaved");
			window.clearTimeout(timer.current);
			timer.current = window.setTimeout(() => void send(), delayMs);
		},
		[send],
	);

	const change = useCallback(
		(next: ThemeDefinition) => {
			const now = Date.now();
			if (now - lastChangeAt.current > undoGroupMs) {
				history.current = [...history.current.slice(-(undoDepth - 1)), latest.current];
				setCanUndo(true);
			}
			lastChangeAt.current = now;
			apply(next);
		},
		[apply],
	);

	const undo = useCallback(() => {
		const previous = history.current.pop();
		setCanUndo(history.current.length > 0);
		if (!previous) return false;
		lastChangeAt.current = 0;
		apply(previous);
		return true;
	}, [apply]);

	useEffect(() => () => window.clearTimeout(timer.current), []);

	useLeaveGuard(
		saveState !== "saved",
		() => {
			// Within the half second before a save: send it now (the request outlives the screen).
			if (!failed.current && !inFlight.current) {
				void send();
				return true;
			}
			return !failed.current && !pending.current;
		},
		"This theme has changes that are not saved yet. Leave anyway and lose them?",
	);

	return { definition, saveState, failure, savedChecks, change, undo, canUndo, retry: () => void send() };
}
