/**
 * A modal dialog on the native `<dialog>` (focus trap, `Esc` to close and the backdrop come from
 * the browser). Confirmations say the consequence; the destructive action is never the default.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

interface DialogProps {
	title: string;
	open: boolean;
	onClose(): void;
	children: ComponentChildren;
}

export function Dialog({ title, open, onClose, children }: DialogProps) {
	const ref = useRef<HTMLDialogElement>(null);
	useEffect(() => {
		const dialog = ref.current;
		if (!dialog) return;
		if (open && !dialog.open) dialog.showModal();
		if (!open && dialog.open) dialog.close();
	}, [open]);
	return (
		<dialog ref={ref} class="dialog" aria-label={title} onClose={onClose} onCancel={onClose}>
			{open && (
				<div class="dialog-body">
					<h2>{title}</h2>
					{children}
				</div>
			)}
		</dialog>
	);
}

interface ConfirmProps {
	title: string;
	open: boolean;
	/** What will happen, in plain words. */
	children: ComponentChildren;
	confirmLabel: string;
	danger?: boolean;
	busy?: boolean;
	onConfirm(): void;
	onClose(): void;
}

export function ConfirmDialog({ title, open, children, confirmLabel, danger, busy, onConfirm, onClose }: ConfirmProps) {
	return (
		<Dialog title={title} open={open} onClose={onClose}>
			<div>{children}</div>
			<div class="dialog-actions">
				<button type="button" class="button" onClick={onClose} autofocus>
					Cancel
				</button>
				<button type="button" class={`button ${danger ? "danger" : "primary"}`} onClick={onConfirm} disabled={busy}>
					{confirmLabel}
				</button>
			</div>
		</Dialog>
	);
}
