/**
 * The controls of single values: text (and colours), numbers, a checkbox, a choice, a value of
 * one of a few scalar types, and JSON for what has no control of its own. Value in, value out:
 * `onChange(undefined)` means "not set".
 */
import type { ComponentChildren } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import type { ControlProps } from "./form-parts";
import { describedBy, ErrorText, FormContext, Hint, useFieldIds } from "./form-parts";
import type { Field } from "./schema-fields";
import { orUnset } from "./values";
import { readWebAddress } from "./web-address";

/** The control of a single value, by `field.control`; null for fields that hold more than one. */
export function ScalarControl(props: ControlProps) {
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
		default:
			return null;
	}
}

function TextControl(props: ControlProps) {
	const { field, value, onChange, path, labelOverride } = props;
	const ids = useFieldIds();
	const { errorAt, suggestionsId } = useContext(FormContext);
	if (field.control !== "text") return null;
	// An address is one line, whatever its length limit (the schema gives sourceUrl none, which reads as long text).
	if (field.format === "url") return <WebAddressControl {...props} />;
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

/**
 * A web address (`sourceUrl`): a bare host and path is read as `https://…`, and the field says the
 * address it will use; one that still is not an http(s) URL is held here with its problem, not
 * sent, so the chart's other edits keep saving (web-address.ts).
 */
function WebAddressControl({ field, value, onChange, path, labelOverride }: ControlProps) {
	const ids = useFieldIds();
	const usedId = `${ids.input}-used`;
	const heldId = `${ids.input}-held`;
	const { errorAt } = useContext(FormContext);
	const saved = typeof value === "string" ? value : "";
	const [text, setText] = useState(saved);
	const [problem, setProblem] = useState<string | null>(null);
	// Said once the person leaves the field (not at the first letter typed), then kept until fixed.
	const [told, setTold] = useState(false);
	const readAs = (typed: string) => {
		const read = readWebAddress(typed);
		return "value" in read ? read.value : null;
	};
	// An outside change (undo, restore, a teammate's version) replaces what is typed.
	useEffect(() => {
		if (text.trim() === "" ? saved !== "" : readAs(text) !== saved) {
			setText(saved);
			setProblem(null);
			setTold(false);
		}
	}, [saved]);
	if (field.control !== "text") return null;
	const shownProblem = problem && told ? problem : null;
	const error = shownProblem ?? errorAt(path);
	const used = problem ? null : readAs(text);
	const completed = used !== null && used !== text.trim() ? used : null;
	return (
		<div class="field">
			<label for={ids.input}>{labelOverride ?? field.label}</label>
			<input
				id={ids.input}
				class="input"
				type="url"
				inputMode="url"
				spellcheck={false}
				value={text}
				maxLength={field.maxLength}
				placeholder={typeof field.example === "string" ? `e.g. ${field.example}` : "https://www.destatis.de"}
				aria-invalid={error ? "true" : undefined}
				aria-describedby={describedBy(
					field.hint && ids.hint,
					completed !== null && usedId,
					error && ids.error,
					shownProblem !== null && heldId,
				)}
				onInput={(event) => {
					const typed = (event.currentTarget as HTMLInputElement).value;
					setText(typed);
					if (typed.trim() === "") {
						setProblem(null);
						setTold(false);
						onChange(undefined);
						return;
					}
					const read = readWebAddress(typed);
					if ("value" in read) {
						setProblem(null);
						setTold(false);
						if (read.value !== saved) onChange(read.value);
					} else setProblem(read.problem);
				}}
				onBlur={() => setTold(problem !== null)}
			/>
			<Hint id={ids.hint} text={field.hint} />
			{completed !== null && (
				<p class="hint" id={usedId}>
					Links to {completed}
				</p>
			)}
			<ErrorText id={ids.error} message={error ?? undefined} />
			{shownProblem && (
				<p class="hint" id={heldId}>
					Not saved until it is a web address; your other changes are saved.
				</p>
			)}
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
			<ScalarControl field={option} value={value} onChange={onChange} path={path} labelOverride={label} />
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
