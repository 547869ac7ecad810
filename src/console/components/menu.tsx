/**
 * A button that opens a menu of actions (the `⋯` of a row, the account menu): arrow keys move,
 * `Esc` closes and returns focus to the button, a click outside closes. Every action of a row is
 * in its menu, so nothing is reachable only by hovering.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";

export interface MenuAction {
	label: string;
	onSelect(): void;
	danger?: boolean;
	disabled?: boolean;
}

interface MenuProps {
	/** The button's accessible name, e.g. "Actions for Seats by party". */
	label: string;
	button: ComponentChildren;
	buttonClass?: string;
	actions: (MenuAction | "separator")[];
	align?: "start" | "end";
}

export function Menu({ label, button, buttonClass = "button quiet icon", actions, align = "end" }: MenuProps) {
	const [open, setOpen] = useState(false);
	const buttonRef = useRef<HTMLButtonElement>(null);
	const menuRef = useRef<HTMLDivElement>(null);
	const id = useId();

	useEffect(() => {
		if (!open) return;
		menuRef.current?.querySelector<HTMLElement>("[role=menuitem]:not([disabled])")?.focus();
		const onPointer = (event: PointerEvent) => {
			const target = event.target as Node;
			if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
		};
		document.addEventListener("pointerdown", onPointer);
		return () => document.removeEventListener("pointerdown", onPointer);
	}, [open]);

	const close = (refocus: boolean) => {
		setOpen(false);
		if (refocus) buttonRef.current?.focus();
	};

	const onKeyDown = (event: KeyboardEvent) => {
		const items = [...(menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitem]:not([disabled])") ?? [])];
		const index = items.indexOf(document.activeElement as HTMLElement);
		if (event.key === "Escape") {
			event.preventDefault();
			event.stopPropagation();
			close(true);
		} else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
			event.preventDefault();
			const step = event.key === "ArrowDown" ? 1 : -1;
			items[(index + step + items.length) % items.length]?.focus();
		} else if (event.key === "Home" || event.key === "End") {
			event.preventDefault();
			(event.key === "Home" ? items[0] : items[items.length - 1])?.focus();
		} else if (event.key === "Tab") {
			close(false);
		}
	};

	return (
		<div class="menu-anchor" style={{ position: "relative", display: "inline-flex" }}>
			<button
				ref={buttonRef}
				type="button"
				class={buttonClass}
				aria-label={label}
				aria-haspopup="menu"
				aria-expanded={open}
				aria-controls={open ? id : undefined}
				onClick={() => setOpen(!open)}
			>
				{button}
			</button>
			{open && (
				<div
					ref={menuRef}
					id={id}
					class="menu"
					role="menu"
					aria-label={label}
					onKeyDown={onKeyDown}
					style={{ top: "calc(100% + 4px)", [align === "end" ? "right" : "left"]: 0 }}
				>
					{actions.map((action, i) =>
						action === "separator" ? (
							<hr key={`sep-${i}`} />
						) : (
							<button
								key={action.label}
								type="button"
								role="menuitem"
								class={action.danger ? "danger" : undefined}
								disabled={action.disabled}
								onClick={() => {
									close(true);
									action.onSelect();
								}}
							>
								{action.label}
							</button>
						),
					)}
				</div>
			)}
		</div>
	);
}
