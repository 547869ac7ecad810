/**
 * The page's colour mode (DESIGN D39): `<html data-mode>` says light, dark or auto (the page's
 * CSS shows the matching server drawing); auto follows `prefers-color-scheme`. The host page may
 * switch it with `postMessage({ type: "charts:mode", mode })`; only well-formed messages from the
 * frame's own parent are taken.
 */

type PageMode = "light" | "dark" | "auto";
export type DrawnMode = "light" | "dark";

const darkScheme = window.matchMedia("(prefers-color-scheme: dark)");

function pageMode(): PageMode {
	const mode = document.documentElement.dataset.mode;
	return mode === "dark" || mode === "auto" ? mode : "light";
}

/** The mode the chart is drawn in now. */
export function drawnMode(): DrawnMode {
	const mode = pageMode();
	return mode === "dark" || (mode === "auto" && darkScheme.matches) ? "dark" : "light";
}

function modeMessage(data: unknown): PageMode | null {
	if (typeof data !== "object" || data === null) return null;
	const { type, mode } = data as { type?: unknown; mode?: unknown };
	if (type !== "charts:mode") return null;
	return mode === "light" || mode === "dark" || mode === "auto" ? mode : null;
}

/** Calls `changed` whenever the drawn mode changes: a host's message or the reader's scheme. */
export function watchMode(changed: (mode: DrawnMode) => void): void {
	let last = drawnMode();
	const check = () => {
		const now = drawnMode();
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
