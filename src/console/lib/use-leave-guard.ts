/**
 * The unsaved-changes guard of a screen that autosaves (CONSOLE.md, "saving you can trust"):
 * while `dirty`, closing or reloading the tab asks the browser's own question, and an in-app link
 * first calls `flush`, which sends any edit still waiting for its save and answers whether leaving
 * now loses nothing; when it answers false (a save failed or was refused, or edits wait behind a
 * request in flight), the person is asked `question` and stays unless they agree.
 */
import { useEffect, useRef } from "preact/hooks";
import { setLeaveGuard } from "./router";

export function useLeaveGuard(dirty: boolean, flush: () => boolean, question: string): void {
	// The latest `flush` is called, so a screen may pass a fresh closure on every render.
	const latestFlush = useRef(flush);
	latestFlush.current = flush;
	useEffect(() => {
		if (!dirty) return;
		const beforeUnload = (event: BeforeUnloadEvent) => {
			event.preventDefault();
			event.returnValue = "";
		};
		window.addEventListener("beforeunload", beforeUnload);
		setLeaveGuard(() => latestFlush.current() || window.confirm(question));
		return () => {
			window.removeEventListener("beforeunload", beforeUnload);
			setLeaveGuard(null);
		};
	}, [dirty, question]);
}
