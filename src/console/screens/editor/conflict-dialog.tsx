/**
 * "Someone else changed this chart" (docs/design.md#console-autosave). A save answered 412
 * is shown as a modal alert dialog, not a banner at the top of the page: the person may be deep
 * in a scrolled Refine column, and a banner up there left them only a red "Not saved". The
 * dialog opens in view wherever they are, takes focus (so a keyboard or screen-reader user is
 * in it and hears it) and cannot be dismissed without a choice, because either choice is what
 * makes saving possible again.
 */
import { useEffect, useRef } from "preact/hooks";

interface ConflictDialogProps {
	open: boolean;
	onReloadTheirs(): void;
	onKeepMine(): void;
}

export function ConflictDialog({ open, onReloadTheirs, onKeepMine }: ConflictDialogProps) {
	const ref = useRef<HTMLDialogElement>(null);
	const keepMine = useRef<HTMLButtonElement>(null);
	/** Where the person was typing, to go back to once they have chosen. */
	const returnTo = useRef<HTMLElement | null>(null);
	useEffect(() => {
		const dialog = ref.current;
		if (!dialog) return;
		if (open && !dialog.open) {
			returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
			dialog.showModal();
			// Keeping one's own edits loses nothing typed; the dialog's text says what happens to theirs.
			keepMine.current?.focus();
		}
		if (!open && dialog.open) {
			dialog.close();
			if (returnTo.current?.isConnected) returnTo.current.focus();
			returnTo.current = null;
		}
	}, [open]);
	return (
		<dialog
			ref={ref}
			class="dialog"
			role="alertdialog"
			aria-labelledby="conflict-title"
			aria-describedby="conflict-text"
			onCancel={(event) => event.preventDefault()}
		>
			{open && (
				<div class="dialog-body">
					<h2 id="conflict-title">Someone else changed this chart</h2>
					<div id="conflict-text">
						<p>It was changed elsewhere while you were editing, so your latest changes are not saved yet.</p>
						<p class="muted">
							Keep mine saves your changes on top of theirs; what you did not touch stays as they left it. Reload their version drops your
							unsaved changes.
						</p>
					</div>
					<div class="dialog-actions">
						<button type="button" class="button" onClick={onReloadTheirs}>
							Reload their version
						</button>
						<button type="button" class="button primary" ref={keepMine} onClick={onKeepMine}>
							Keep mine
						</button>
					</div>
				</div>
			)}
		</dialog>
	);
}
