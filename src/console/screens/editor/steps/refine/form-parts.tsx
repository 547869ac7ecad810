/**
 * What every control of the Refine form shares: the form's environment (errors and theme defaults
 * by path, suggestions), a control's props, its hint and error lines, and the fold-outs sections
 * are drawn in.
 */
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useEffect, useId, useState } from "preact/hooks";
import { Icon } from "../../../../components/icon";
import type { Field } from "./schema-fields";
import { isPlainObject } from "./schema-fields";
import { messageAtField } from "./values";

export interface FormEnvironment {
	/** The API's message for a field path (`meta.axes.x.min`), when the last save was refused there. */
	errorAt(path: string): string | undefined;
	/** What is drawn for a path the chart does not set, where the theme decides (`meta.axes.y.grid`). */
	defaultAt(path: string): unknown;
	/** Names offered for string lists (the chart's series). */
	suggestions: readonly string[];
	suggestionsId: string;
}

export const FormContext = createContext<FormEnvironment>({
	errorAt: () => undefined,
	defaultAt: () => undefined,
	suggestions: [],
	suggestionsId: "",
});

export interface ControlProps {
	field: Field;
	value: unknown;
	onChange(value: unknown): void;
	/** The API's path of this value, for errors: `meta.axes.x.min`. */
	path: string;
	/** A label that says more than the field's own, e.g. "Label for Labour". */
	labelOverride?: string;
}

export function Hint({ id, text, example }: { id: string; text?: string; example?: unknown }) {
	if (!text) return null;
	return (
		<p class="hint" id={id}>
			{text}
			{example !== undefined && typeof example !== "object" && text.length < 60 ? ` (e.g. ${String(example)})` : ""}
		</p>
	);
}

export function ErrorText({ id, message }: { id: string; message?: string }) {
	if (!message) return null;
	return (
		<p class="error-text" id={id} role="alert">
			<Icon name="alert" size={14} /> {messageAtField(message)}
		</p>
	);
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
	const kept = ids.filter(Boolean);
	return kept.length > 0 ? kept.join(" ") : undefined;
}

export function useFieldIds() {
	const id = useId();
	return { input: `${id}-input`, hint: `${id}-hint`, error: `${id}-error` };
}

/** How many settings are made under a value, for a fold-out's summary. */
export function setCount(value: unknown): number {
	if (value === undefined || value === null) return 0;
	if (Array.isArray(value)) return value.length;
	if (isPlainObject(value)) return Object.values(value).reduce<number>((sum, inner) => sum + setCount(inner), 0);
	return 1;
}

export function SetBadge({ value }: { value: unknown }) {
	const count = setCount(value);
	return count > 0 ? <span class="set-badge">{count} set</span> : null;
}

/**
 * A fold-out section. Open or closed is the person's choice after the first render (a controlled
 * `open` would snap shut when the last setting in it is cleared).
 */
export function Fold({
	title,
	badge,
	initiallyOpen = false,
	attention = false,
	className = "",
	children,
}: {
	title: ComponentChildren;
	badge?: ComponentChildren;
	initiallyOpen?: boolean;
	/** Something inside needs the person (a refused value): the fold opens. */
	attention?: boolean;
	className?: string;
	children: ComponentChildren;
}) {
	const [open, setOpen] = useState(initiallyOpen || attention);
	useEffect(() => {
		if (attention) setOpen(true);
	}, [attention]);
	return (
		<details class={`fold ${className}`} open={open} onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
			<summary>
				<Icon name="chevronRight" class="fold-chevron" />
				<span class="fold-title">{title}</span>
				{badge}
			</summary>
			{open && <div class="fold-body">{children}</div>}
		</details>
	);
}
