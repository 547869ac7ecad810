/**
 * One control per generated field (see `schema-fields.ts`); single values in
 * `scalar-controls.tsx`, what they share in `form-parts.tsx`, and here the dispatcher and the
 * controls that hold other fields (objects, lists, annotations). Controls are value in, value out:
 * `onChange(undefined)` means "not set" (the setting is removed from `meta`). The form turns a
 * top-level change into a merge patch; items of arrays and fields of objects report up to their
 * parent, which rebuilds its own value.
 */
import { useContext } from "preact/hooks";
import { Icon } from "../../../../components/icon";
import { Menu } from "../../../../components/menu";
import type { ControlProps } from "./form-parts";
import { describedBy, ErrorText, Fold, FormContext, Hint, SetBadge, setCount, useFieldIds } from "./form-parts";
import { JsonControl, ScalarControl } from "./scalar-controls";
import type { Field, Variant } from "./schema-fields";
import { isPlainObject } from "./schema-fields";
import { orUnset, withKey } from "./values";

export type { ControlProps, FormEnvironment } from "./form-parts";
export { Fold, FormContext, SetBadge } from "./form-parts";

/** A control of any field: dispatches on `field.control`. */
export function FieldControl(props: ControlProps) {
	switch (props.field.control) {
		case "text":
		case "number":
		case "boolean":
		case "choice":
		case "scalars":
			return <ScalarControl {...props} />;
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
