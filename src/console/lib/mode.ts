/**
 * Light or dark (docs/design.md#console-tokens): follows the system until the person picks one, which is
 * kept in localStorage. Applied as `data-mode` on `<html>` before the first paint.
 */
import { useEffect, useState } from "preact/hooks";

export type Mode = "light" | "dark";
const storageKey = "charts.mode";
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");

function chosenMode(): Mode | null {
	const stored = window.localStorage.getItem(storageKey);
	return stored === "light" || stored === "dark" ? stored : null;
}

export function currentMode(): Mode {
	return chosenMode() ?? (systemDark.matches ? "dark" : "light");
}

const listeners = new Set<(mode: Mode) => void>();

function apply(): void {
	const mode = currentMode();
	document.documentElement.dataset.mode = mode;
	for (const listener of listeners) listener(mode);
}

export function setMode(mode: Mode): void {
	window.localStorage.setItem(storageKey, mode);
	apply();
}

systemDark.addEventListener("change", apply);
apply();

export function useMode(): Mode {
	const [mode, setState] = useState(currentMode);
	useEffect(() => {
		listeners.add(setState);
		return () => void listeners.delete(setState);
	}, []);
	return mode;
}
