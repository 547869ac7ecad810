/**
 * The unsaved-changes guard of a screen that autosaves (docs/design.md#console-autosave):
 * while `dirty`, closing or reloading the tab asks the browser's own question, and an in-app link
 * first calls `flush`, which sends any edit still waiting for its save and answers whether leaving
 * now loses nothing; when it answers false (a save failed or was refused, or edits wait behind a
 * request in flight), the person is asked `question` and stays unless they agree.
 */
import { useEffect, useRef } from "preact/hooks";
import { setLeaveGuard } from "./router";
import { useConfirmTabClose } from "./use-confirm-tab-close";

export function useLeaveGuard(dirty: boolean, flush: () => boolean, question: string): void {
	useConfirmTabClose(dirty);
	// The latest `flush` is called, so a screen may pass a fresh closure on every render.
	const latestFlush = useRef(flush);
	latestFlush.current = flush;
	useEffect(() => {
		if (!dirty) return;
		setLeaveGuard(() => latestFlush.current() || window.confirm(question));
		return () => setLeaveGuard(null);
	}, [dirty, question]);
}
