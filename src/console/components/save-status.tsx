/**
 * The save state beside a screen's title (docs/design.md#console-autosave): "Saving…" while an
 * edit waits or is sent, "Saved", "Not saved" on a conflict or on an edit the API refused (the
 * screen's banner or the marked field says what to do), and "Not saved — Retry" when a save
 * failed. The chart editor and the theme studio both show it; it is a status (a polite live
 * region), so a screen reader hears each change without a separate announcement.
 */
import { Icon } from "./icon";
import "./save-status.css";

/**
 * `conflict` only where saves are conditional (the chart editor's `If-Match`); `refused` where an
 * edit stays on screen, marked, until the person fixes it (the chart editor's data table).
 */
export type SaveState = "saved" | "unsaved" | "saving" | "error" | "conflict" | "refused";

export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry(): void }) {
	return (
		<div class={`save-state save-${state}`} role="status">
			{(state === "saving" || state === "unsaved") && <span>Saving…</span>}
			{state === "saved" && (
				<span>
					<Icon name="check" /> Saved
				</span>
			)}
			{(state === "conflict" || state === "refused") && (
				<span>
					<Icon name="alert" /> Not saved
				</span>
			)}
			{state === "error" && (
				<span>
					<Icon name="alert" /> Not saved —{" "}
					<button type="button" class="link-button" onClick={onRetry}>
						Retry
					</button>
				</span>
			)}
		</div>
	);
}
