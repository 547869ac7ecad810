/**
 * One control per generated field (see `schema-fields.ts`). Controls are value in, value out:
 * `onChange(undefined)` means "not set" (the setting is removed from `meta`). The form turns a
 * top-level change into a merge patch; items of arrays and fields of objects report up to their
 * parent, which rebuilds its own value.
 */
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useContext, useEffect, useId, useState } from "preact/hooks";
import { Icon } from "../../../../components/icon";
import { Menu } from "../../../../components/menu";
import type { Field, Variant } from "./schema-fields";
import { isPlainObject } from "./schema-fields";
import { messageAtField, orUnset, withKey } from "./values";

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

function Hint({ id, text, example }: { id: string; text?: string; example?: unknown }) {
	if (!text) return null;
	return (
		<p class="hint" id={id}>
			{text}
			{example !== undefined && typeof example !== "object" && text.length < 60 ? ` (e.g. ${String(example)})` : ""}
		</p>
	);
}

function ErrorText({ id, message }: { id: string; message?: string }) {
	if (!message) return null;
	return (
		<p class="error-text" id={id} role="alert">
			<Icon name="alert" size={14} /> {messageAtField(message)}
		</p>
	);
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
	const kept = ids.filter(Boolean);
	return kept.length > 0 ? kept.join(" ") : undefined;
}

/** A control of any field: dispatches on `field.control`. */
export function FieldControl(props: ControlProps) {
	switch (props.field.control) {
		case "text":
			return <TextControl {...props} />;
		case "number":
			return <NumberControl {...props} />;
		case "boolean":
			return <BooleanControl {...props} />;
		case "choice":
			return <ChoiceControl {...props} />;
		case "scalars":
			return <ScalarsControl {...props} />;
		case "object":
			return <ObjectControl {...props} />;
		case "list":
			return <ListControl {...props} />;
		case "items":
			return <ItemsControl {...props} />;
		case "record":
			return <RecordControl {...props} />;
		case "constant":
			return null;
		default:
			return <JsonControl {...props} />;
	}
}

function useFieldIds() {
	const id = useId();
	return { input: `${id}-input`, hint: `${id}-hint`, error: `${id}-error` };
}

function TextControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const { errorAt, suggestionsId } = useContext(FormContext);
	if (field.control !== "text") return null;
	const error = errorAt(path);
	const text = typeof value === "string" ? value : "";
	const placeholder = typeof field.example === "string" ? `e.g. ${field.example}` : undefined;
	const common = {
		id: ids.input,
		value: text,
		maxLength: field.maxLength,
		"aria-invalid": error ? ("true" as const) : undefined,
		"aria-describedby": describedBy(field.hint && ids.hint, error && ids.error),
		onInput: (event: Event) => onChange(orUnset((event.currentTarget as HTMLInputElement).value)),
	};
	let input: ComponentChildren;
	if (field.format === "color") {
		const hex = /^#[0-9a-f]{6}$/i.test(text)
			? text
			: /^#[0-9a-f]{3}$/i.test(text)
				? `#${[...text.slice(1)].map((c) => c + c).join("")}`
				: "#808080";
		input = (
			<div class="colour-input">
				<input
					type="color"
					class={`colour-swatch${text ? "" : " unset"}`}
					value={hex}
					aria-label={`${labelOverride ?? field.label}: pick a colour`}
					onInput={(event) => onChange((event.currentTarget as HTMLInputElement).value)}
				/>
				<input {...common} class="input" placeholder={placeholder ?? "#1a2b3c"} spellcheck={false} />
			</div>
		);
	} else if (field.multiline) {
		input = <textarea {...common} class="textarea" rows={2} placeholder={placeholder} />;
	} else {
		input = (
			<input
				{...common}
				class="input"
				type={field.format === "url" ? "url" : "text"}
				placeholder={placeholder}
				list={field.path.at(-1) === "0" && suggestionsId ? suggestionsId : undefined}
			/>
		);
	}
	return (
		<div class="field">
			<label for={ids.input}>{labelOverride ?? field.label}</label>
			{input}
			<Hint id={ids.hint} text={field.hint} />
			<ErrorText id={ids.error} message={error} />
		</div>
	);
}

function numberProblem(field: Extract<Field, { control: "number" }>, n: number): string | null {
	if (!Number.isFinite(n)) return "Enter a number.";
	if (field.integer && !Number.isInteger(n)) return "Enter a whole number.";
	if (field.min !== undefined && n < field.min) return `Enter ${field.min} or more.`;
	if (field.max !== undefined && n > field.max) return `Enter ${field.max} or less.`;
	return null;
}

function NumberControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const { errorAt } = useContext(FormContext);
	const shown = typeof value === "number" ? String(value) : "";
	const [text, setText] = useState(shown);
	const [problem, setProblem] = useState<string | null>(null);
	// An outside change (undo, restore) replaces what is typed.
	useEffect(() => {
		if (Number(text) !== value || text === "") {
			setText(shown);
			setProblem(null);
		}
	}, [value]);
	if (field.control !== "number") return null;
	const error = problem ?? errorAt(path);
	const range =
		field.min !== undefined && field.max !== undefined
			? `${field.min}–${field.max}`
			: field.min !== undefined
				? `at least ${field.min}`
				: field.max !== undefined
					? `at most ${field.max}`
					: "";
	return (
		<div class="field">
			<label for={ids.input}>
				{labelOverride ?? field.label}
				{range && <span class="field-range"> · {range}</span>}
			</label>
			<input
				id={ids.input}
				class="input number-input"
				type="number"
				inputMode="decimal"
				value={text}
				min={field.min}
				max={field.max}
				step={field.integer ? 1 : "any"}
				placeholder={typeof field.example === "number" ? `e.g. ${field.example}` : undefined}
				aria-invalid={error ? "true" : undefined}
				aria-describedby={describedBy(field.hint && ids.hint, error && ids.error)}
				onInput={(event) => {
					const raw = (event.currentTarget as HTMLInputElement).value.trim();
					setText(raw);
					if (raw === "") {
						setProblem(null);
						onChange(undefined);
						return;
					}
					const n = Number(raw);
					const why = numberProblem(field, n);
					setProblem(why);
					if (!why) onChange(n);
				}}
			/>
			<Hint id={ids.hint} text={field.hint} />
			<ErrorText id={ids.error} message={error ?? undefined} />
		</div>
	);
}

function BooleanControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const { errorAt, defaultAt } = useContext(FormContext);
	if (field.control !== "boolean") return null;
	const error = errorAt(path);
	// Unset, the box shows what is drawn: the theme's choice where it has one (grid lines), else the schema's default.
	const fromTheme = defaultAt(path);
	const unset = typeof fromTheme === "boolean" ? fromTheme : (field.defaultValue ?? false);
	const checked = typeof value === "boolean" ? value : unset;
	return (
		<div class="field">
			<label class="checkbox">
				<input
					type="checkbox"
					checked={checked}
					aria-describedby={describedBy(field.hint && ids.hint, error && ids.error)}
					onChange={(event) => {
						const next = (event.currentTarget as HTMLInputElement).checked;
						// What the chart draws unset needs no setting: the chart keeps following its theme.
						onChange(next === unset ? undefined : next);
					}}
				/>
				{labelOverride ?? field.label}
			</label>
			<Hint id={ids.hint} text={field.hint} />
			<ErrorText id={ids.error} message={error} />
		</div>
	);
}

function ChoiceControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const { errorAt } = useContext(FormContext);
	if (field.control !== "choice") return null;
	const error = errorAt(path);
	const current = typeof value === "string" ? value : "";
	const options = field.options.includes(current) || current === "" ? field.options : [...field.options, current];
	const label = labelOverride ?? field.label;
	if (field.style === "segmented") {
		return (
			<fieldset class="field segmented-field" aria-describedby={describedBy(field.hint && ids.hint, error && ids.error)}>
				<legend class="field-label">{label}</legend>
				<div class="segmented">
					{["", ...options].map((option) => (
						<label key={option} class="segment">
							<input type="radio" name={ids.input} value={option} checked={current === option} onChange={() => onChange(orUnset(option))} />
							<span>{option === "" ? "Default" : sentenceCaseValue(option)}</span>
						</label>
					))}
				</div>
				<Hint id={ids.hint} text={field.hint} />
				<ErrorText id={ids.error} message={error} />
			</fieldset>
		);
	}
	return (
		<div class="field">
			<label for={ids.input}>{label}</label>
			<select
				id={ids.input}
				class="select"
				value={current}
				aria-invalid={error ? "true" : undefined}
				aria-describedby={describedBy(field.hint && ids.hint, error && ids.error)}
				onChange={(event) => onChange(orUnset((event.currentTarget as HTMLSelectElement).value))}
			>
				<option value="">Default</option>
				{options.map((option) => (
					<option key={option} value={option}>
						{sentenceCaseValue(option)}
					</option>
				))}
			</select>
			<Hint id={ids.hint} text={field.hint} />
			<ErrorText id={ids.error} message={error} />
		</div>
	);
}

/** "us-states" → "Us states"… kept for short words; values like "x" stay as they are. */
function sentenceCaseValue(value: string): string {
	if (value.length <= 2) return value;
	const words = value.replace(/[-_]+/g, " ");
	return words.charAt(0).toUpperCase() + words.slice(1);
}

const typeNames: Record<string, string> = { text: "Text", number: "Number", boolean: "Yes or no", choice: "Choice" };

/** A value of one of a few scalar types (a category as text, or a number): the type, then the value. */
function ScalarsControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const options = field.control === "scalars" ? field.options : [];
	const byValue = options.findIndex(
		(option) => (option.control === "number" && typeof value === "number") || (option.control === "text" && typeof value === "string"),
	);
	const [chosen, setChosen] = useState(byValue >= 0 ? byValue : 0);
	if (field.control !== "scalars") return null;
	const index = byValue >= 0 ? byValue : chosen;
	const option = field.options[index];
	if (!option) return null;
	const label = labelOverride ?? field.label;
	return (
		<div class="scalars">
			<FieldControl field={option} value={value} onChange={onChange} path={path} labelOverride={label} />
			<div class="field scalars-type">
				<label for={ids.input}>Type</label>
				<select
					id={ids.input}
					class="select"
					aria-label={`${label}: type`}
					value={String(index)}
					onChange={(event) => {
						const next = Number((event.currentTarget as HTMLSelectElement).value);
						setChosen(next);
						const target = field.options[next];
						if (target?.control === "number")
							onChange(typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : undefined);
						else if (target?.control === "text") onChange(value === undefined ? undefined : String(value));
						else onChange(undefined);
					}}
				>
					{field.options.map((o, i) => (
						<option key={o.control} value={String(i)}>
							{typeNames[o.control] ?? o.control}
						</option>
					))}
				</select>
			</div>
		</div>
	);
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

/** An object's fields, each reporting up a new object (undefined when nothing is left set). */
export function ObjectFields({
	fields,
	value,
	onChange,
	path,
}: {
	fields: Field[];
	value: unknown;
	onChange(value: unknown): void;
	path: string;
}) {
	const object = isPlainObject(value) ? value : undefined;
	return (
		<div class="field-stack">
			{fields.map((child) => (
				<FieldControl
					key={child.key}
					field={child}
					value={object && Object.hasOwn(object, child.key) ? object[child.key] : undefined}
					path={`${path}.${child.key}`}
					onChange={(next) => onChange(withKey(object, child.key, next))}
				/>
			))}
		</div>
	);
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

function ObjectControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const { errorAt } = useContext(FormContext);
	if (field.control !== "object") return null;
	return (
		<Fold
			title={labelOverride ?? field.label}
			badge={<SetBadge value={value} />}
			initiallyOpen={setCount(value) > 0}
			attention={!!errorAt(path)}
		>
			{field.hint && <p class="hint">{field.hint}</p>}
			<ObjectFields fields={field.fields} value={value} onChange={onChange} path={path} />
		</Fold>
	);
}

/** A record outside the Series section: one entry per key it already has, JSON for new ones. */
function RecordControl(props: ControlProps) {
	return <JsonControl {...props} />;
}

function ListControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const { errorAt } = useContext(FormContext);
	if (field.control !== "list") return null;
	const items = Array.isArray(value) ? value : [];
	const label = labelOverride ?? field.label;
	const error = errorAt(path);
	const write = (next: unknown[]) => onChange(orUnset(next));
	const blank = field.item.control === "number" ? (field.item.min ?? 0) : field.item.control === "choice" ? field.item.options[0] : "";
	const full = field.maxItems !== undefined && items.length >= field.maxItems;
	return (
		<fieldset class="field list-field" aria-describedby={describedBy(field.hint && ids.hint, error && ids.error)}>
			<legend class="field-label">{label}</legend>
			<Hint id={ids.hint} text={field.hint} />
			{items.length > 0 && (
				<ol class="list-items">
					{items.map((item, i) => (
						<li key={i} class="list-item">
							<FieldControl
								field={field.item}
								value={item}
								path={`${path}[${i}]`}
								labelOverride={`${label} ${i + 1}`}
								onChange={(next) => write(items.map((old, j) => (j === i ? (next ?? "") : old)))}
							/>
							<button
								type="button"
								class="button quiet icon"
								aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
								title="Remove"
								onClick={() => write(items.filter((_, j) => j !== i))}
							>
								<Icon name="close" />
							</button>
						</li>
					))}
				</ol>
			)}
			<div>
				<button type="button" class="button" disabled={full} onClick={() => write([...items, blank])}>
					<Icon name="plus" /> Add {field.item.control === "text" && field.item.format === "color" ? "colour" : "item"}
				</button>
			</div>
			<ErrorText id={ids.error} message={error} />
		</fieldset>
	);
}

function variantOfItem(variants: Variant[], discriminator: string | null, item: unknown): Variant | undefined {
	if (!discriminator) return variants[0];
	const tag = isPlainObject(item) ? item[discriminator] : undefined;
	return variants.find((variant) => variant.tag === tag);
}

function itemSummary(item: unknown): string {
	if (!isPlainObject(item)) return "";
	for (const key of ["text", "label", "title", "name"]) {
		const value = item[key];
		if (typeof value === "string" && value.trim()) return value.trim();
	}
	return "";
}

/** An array of objects (annotations): add by variant, edit, reorder, remove. */
function ItemsControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const { errorAt } = useContext(FormContext);
	if (field.control !== "items") return null;
	const items = Array.isArray(value) ? value : [];
	const label = labelOverride ?? field.label;
	const singular = label.replace(/s$/, "").toLowerCase();
	const write = (next: unknown[]) => onChange(orUnset(next));
	const move = (from: number, to: number) => {
		const next = [...items];
		const [moved] = next.splice(from, 1);
		next.splice(to, 0, moved);
		write(next);
	};
	const full = field.maxItems !== undefined && items.length >= field.maxItems;
	const error = errorAt(path);
	const add = (variant: Variant) => write([...items, variant.blank()]);
	return (
		<div class="items-field">
			{field.hint && (
				<p class="hint" id={ids.hint}>
					{field.hint}
				</p>
			)}
			{items.length === 0 && <p class="meta-text">No {label.toLowerCase()} yet.</p>}
			<ol class="items">
				{items.map((item, i) => {
					const variant = variantOfItem(field.variants, field.discriminator, item);
					const summary = itemSummary(item);
					const name = `${variant?.label ?? "Item"} ${singular} ${i + 1}`;
					return (
						<li key={i} class="item-card">
							<Fold
								initiallyOpen={!summary}
								title={
									<>
										{i + 1}. {variant?.label ?? "Item"}
										{summary && <span class="muted"> · {summary}</span>}
									</>
								}
							>
								{variant ? (
									<>
										{variant.hint && <p class="hint">{variant.hint}</p>}
										<ObjectFields
											fields={variant.fields}
											value={item}
											path={`${path}[${i}]`}
											onChange={(next) => {
												// Keep the discriminator even if every other field was cleared.
												const tagged =
													field.discriminator && variant.tag
														? { [field.discriminator]: variant.tag, ...(isPlainObject(next) ? next : {}) }
														: (next ?? {});
												write(items.map((old, j) => (j === i ? tagged : old)));
											}}
										/>
									</>
								) : (
									<JsonControl
										field={{ ...field, control: "json", label: name }}
										value={item}
										path={`${path}[${i}]`}
										onChange={(next) => write(items.map((old, j) => (j === i ? next : old)))}
									/>
								)}
								<div class="item-actions">
									<button type="button" class="button" disabled={i === 0} aria-label={`Move ${name} up`} onClick={() => move(i, i - 1)}>
										Move up
									</button>
									<button
										type="button"
										class="button"
										disabled={i === items.length - 1}
										aria-label={`Move ${name} down`}
										onClick={() => move(i, i + 1)}
									>
										Move down
									</button>
									<button
										type="button"
										class="button quiet danger-text"
										aria-label={`Remove ${name}`}
										onClick={() => write(items.filter((_, j) => j !== i))}
									>
										<Icon name="trash" /> Remove
									</button>
								</div>
							</Fold>
						</li>
					);
				})}
			</ol>
			<div class="items-add">
				{field.variants.length === 1 ? (
					<button type="button" class="button" disabled={full} onClick={() => add(field.variants[0] as Variant)}>
						<Icon name="plus" /> Add {singular}
					</button>
				) : (
					<Menu
						label={`Add ${singular}`}
						buttonClass="button"
						align="start"
						button={
							<>
								<Icon name="plus" /> Add {singular} <Icon name="chevronDown" />
							</>
						}
						actions={field.variants.map((variant) => ({
							label: variant.hint ? `${variant.label}: ${variant.hint.charAt(0).toLowerCase()}${variant.hint.slice(1)}` : variant.label,
							disabled: full,
							onSelect: () => add(variant),
						}))}
					/>
				)}
				{full && <span class="meta-text">At most {field.maxItems}.</span>}
			</div>
			<ErrorText id={ids.error} message={error && !items.length ? error : undefined} />
		</div>
	);
}

/** JSON for what has no control of its own; checked before it is applied. */
export function JsonControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const { errorAt } = useContext(FormContext);
	const shown = value === undefined ? "" : JSON.stringify(value, null, 2);
	const [text, setText] = useState(shown);
	const [problem, setProblem] = useState<string | null>(null);
	useEffect(() => {
		setText(shown);
		setProblem(null);
	}, [shown]);
	const error = problem ?? errorAt(path);
	const apply = () => {
		if (text.trim() === "") {
			setProblem(null);
			onChange(undefined);
			return;
		}
		try {
			const parsed: unknown = JSON.parse(text);
			setProblem(null);
			if (JSON.stringify(parsed) !== JSON.stringify(value)) onChange(parsed);
		} catch (failure) {
			setProblem(`This is not valid JSON: ${failure instanceof Error ? failure.message : "check the brackets and quotes"}.`);
		}
	};
	return (
		<div class="field">
			<label for={ids.input}>{labelOverride ?? field.label}</label>
			<textarea
				id={ids.input}
				class="textarea code"
				rows={Math.min(10, Math.max(3, text.split("\n").length))}
				value={text}
				spellcheck={false}
				aria-invalid={error ? "true" : undefined}
				aria-describedby={describedBy(ids.hint, error && ids.error)}
				onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
				onBlur={apply}
			/>
			<p class="hint" id={ids.hint}>
				{field.hint ? `${field.hint}. ` : ""}Written as JSON; applied when you leave the box.
			</p>
			<ErrorText id={ids.error} message={error ?? undefined} />
		</div>
	);
}
