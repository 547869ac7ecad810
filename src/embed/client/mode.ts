/**
 * The page's colour mode (docs/design.md#d39): `<html data-mode>` says light, dark or auto (the page's
 * CSS shows the matching server drawing); auto follows `prefers-color-scheme`. The host page may
 * switch it with `postMessage({ type: "charts:mode", mode })`; only well-formed messages from the
 * frame's own parent are taken.
 */

type PageMode = "light" | "dark" | "auto";
export type DrawnMode = "light" | "dark";

const darkScheme = window.matchMedia("(prefers-color-scheme: dark)");

function pageMode(): PageMode | null {
	const mode = document.documentElement.dataset.mode;
	return mode === "light" || mode === "dark" || mode === "auto" ? mode : null;
}

/**
 * The mode the chart is drawn in now. A page published before modes has no `data-mode` and
 * one drawing, in the snapshot data's mode (`published`), until a host's message names one.
 */
export function drawnMode(published: DrawnMode): DrawnMode {
	const mode = pageMode() ?? published;
	return mode === "dark" || (mode === "auto" && darkScheme.matches) ? "dark" : "light";
}

function modeMessage(data: unknown): PageMode | null {
	if (typeof data !== "object" || data === null) return null;
	const { type, mode } = data as { type?: unknown; mode?: unknown };
	if (type !== "charts:mode") return null;
	return mode === "light" || mode === "dark" || mode === "auto" ? mode : null;
}

/** Calls `changed` whenever the drawn mode changes: a host's message or the reader's scheme. */
export function watchMode(changed: (mode: DrawnMode) => void, published: () => DrawnMode): void {
	let last = drawnMode(published());
	const check = () => {
		const now = drawnMode(published());
		if (now === last) return;
		last = now;
		changed(now);
	};
	darkScheme.addEventListener("change", check);
	window.addEventListener("message", (event) => {
		if (event.source !== window.parent || window.parent === window) return;
		const mode = modeMessage(event.data);
		if (!mode) return;
		document.documentElement.dataset.mode = mode;
		check();
	});
}
