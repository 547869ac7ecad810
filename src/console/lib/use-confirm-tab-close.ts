/**
 * While `dirty`, closing or reloading the tab asks the browser's own question first. Its own
 * module (no router, no component), so hooks the Node tests import can use it.
 */
import { useEffect } from "preact/hooks";

export function useConfirmTabClose(dirty: boolean): void {
	useEffect(() => {
		if (!dirty) return;
		const beforeUnload = (event: BeforeUnloadEvent) => {
			event.preventDefault();
			event.returnValue = "";
		};
		window.addEventListener("beforeunload", beforeUnload);
		return () => window.removeEventListener("beforeunload", beforeUnload);
	}, [dirty]);
}
