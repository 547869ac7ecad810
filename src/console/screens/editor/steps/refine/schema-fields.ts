/**
 * The Refine form's fields, read from the JSON schema of `meta` (what `z.toJSONSchema` makes of
 * the zod schema the API validates with). Pure: no Preact, no DOM, so a node test can prove that
 * a setting added to the schema becomes a control with no console change.
 *
 * Each property becomes one field by its JSON-schema type: strings → text (multi-line when long),
 * enums → choices, booleans → a checkbox, numbers → a number input with its range, objects → a
 * fold-out of their own fields, records (objects keyed by name) → one fold-out per key, arrays of
 * scalars → a list, arrays of objects or of a union → items added and removed by their variant,
 * a union of scalar types → a type choice and a value, and anything else → JSON that is checked
 * before it is applied.
 */

export type JsonSchema = {
	type?: string | string[];
	description?: string;
	title?: string;
	examples?: unknown[];
	default?: unknown;
	enum?: unknown[];
	const?: unknown;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	additionalProperties?: JsonSchema | boolean;
	propertyNames?: JsonSchema;
	items?: JsonSchema;
	anyOf?: JsonSchema[];
	oneOf?: JsonSchema[];
	minimum?: number;
	maximum?: number;
	exclusiveMinimum?: number;
	exclusiveMaximum?: number;
	minLength?: number;
	maxLength?: number;
	minItems?: number;
	maxItems?: number;
	pattern?: string;
	format?: string;
	[other: string]: unknown;
};

interface FieldBase {
	/** The property's name (the last step of `path`). */
	key: string;
	/** Where the value lives in `meta`; `*` stands for a record's key, a number for an array item. */
	path: string[];
	label: string;
	hint?: string;
	/** An example value as the schema gives it, shown as a placeholder. */
	example?: unknown;
	required: boolean;
	/** The chart kinds the setting changes (the schema's `x-kinds`); absent when it changes every kind. */
	kinds?: string[];
}

export type Field =
	| (FieldBase & { control: "text"; multiline: boolean; maxLength?: number; pattern?: string; format?: "url" | "color" })
	| (FieldBase & { control: "choice"; options: string[]; style: "segmented" | "select" })
	| (FieldBase & { control: "boolean"; defaultValue?: boolean })
	| (FieldBase & { control: "number"; integer: boolean; min?: number; max?: number })
	| (FieldBase & { control: "constant"; value: unknown })
	| (FieldBase & { control: "object"; fields: Field[] })
	| (FieldBase & { control: "record"; value: Field })
	| (FieldBase & { control: "list"; item: Field; maxItems?: number; minItems?: number })
	| (FieldBase & { control: "items"; variants: Variant[]; discriminator: string | null; maxItems?: number })
	| (FieldBase & { control: "scalars"; options: Field[] })
	| (FieldBase & { control: "json" });

export interface Variant {
	/** The discriminator's value (e.g. `"line"`), or null when items have one shape. */
	tag: string | null;
	label: string;
	hint?: string;
	fields: Field[];
	/** A new item of this variant: its tag and a starting value for each required field. */
	blank(): Record<string, unknown>;
}

/** Segmented radios for a few short choices, a select for more. */
const maxSegments = 3;
const maxSegmentLength = 12;
/** Strings that may be longer than this get a text area. */
const textAreaFrom = 300;

/** "seriesTransform" → "Series transform", "sourceUrl" → "Source URL". */
export function sentenceCase(name: string): string {
	const words = name
		.replace(/[_-]+/g, " ")
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
		.trim()
		.split(/\s+/)
		.map((word, i) => {
			if (/^(url|id|csv|svg|png|pdf|json)$/i.test(word)) return word.toUpperCase();
			// The API's names are American ("color"); the console's words are British (docs/design.md#console-copy).
			const lower = word.toLowerCase().replace(/^color(s?)$/, "colour$1");
			return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
		});
	return words.join(" ");
}

/**
 * The label: the schema's `title`, else the field's name in words. A one- or two-letter name
 * ("w", "x") says little, so a short description ("Width in pixels", "The horizontal axis")
 * is the label instead.
 */
/** Words for names too short to read, used only when the schema has no description for them. */
const shortNames: Record<string, string> = { w: "Width in pixels", h: "Height in pixels" };

/**
 * The schema's `x-editor-hint`, where a setting has one, is what the form says: the API's
 * `description` is written for script authors (headers, HTML attributes, query strings) and the
 * hint says the same in a newsroom's words.
 */
function descriptionOf(schema: JsonSchema): string | undefined {
	const hint = schema["x-editor-hint"];
	return typeof hint === "string" && hint.trim() ? hint.trim() : schema.description?.trim();
}

function labelFor(key: string, schema: JsonSchema): { label: string; hint?: string } {
	const description = descriptionOf(schema) || shortNames[key];
	if (schema.title) return { label: schema.title, hint: description };
	if (key.length <= 2 && description && description.length <= 40) {
		const label = description.replace(/^the\s+/i, "");
		return { label: label.charAt(0).toUpperCase() + label.slice(1) };
	}
	return { label: sentenceCase(key), hint: description };
}

function typesOf(schema: JsonSchema): string[] {
	if (Array.isArray(schema.type)) return schema.type;
	if (typeof schema.type === "string") return [schema.type];
	return [];
}

function isScalarSchema(schema: JsonSchema): boolean {
	const types = typesOf(schema);
	return types.length === 1 && ["string", "number", "integer", "boolean"].includes(types[0] as string);
}

const hexColourPattern = /#|\[0-9a-fA-F\]/;

function base(key: string, path: string[], schema: JsonSchema, required: boolean): FieldBase {
	const { label, hint } = labelFor(key, schema);
	const example = schema.examples?.[0];
	const kinds = Array.isArray(schema["x-kinds"]) ? schema["x-kinds"].filter((kind): kind is string => typeof kind === "string") : undefined;
	return { key, path, label, hint, example, required, ...(kinds ? { kinds } : {}) };
}

/** The field for one schema at `path`. */
export function fieldFor(key: string, path: string[], schema: JsonSchema, required = false): Field {
	const common = base(key, path, schema, required);
	const union = schema.anyOf ?? schema.oneOf;
	if (schema.const !== undefined) return { ...common, control: "constant", value: schema.const };
	if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === "string")) {
		const options = schema.enum as string[];
		const segmented = options.length <= maxSegments && options.every((option) => option.length <= maxSegmentLength);
		return { ...common, control: "choice", options, style: segmented ? "segmented" : "select" };
	}
	if (union) {
		if (union.length > 0 && union.every(isScalarSchema)) {
			return { ...common, control: "scalars", options: union.map((option) => fieldFor(key, path, option, required)) };
		}
		return { ...common, control: "json" };
	}
	const types = typesOf(schema);
	if (types.length > 1 && types.every((type) => ["string", "number", "integer", "boolean"].includes(type))) {
		const options = types.map((type) => fieldFor(key, path, { ...schema, type }, required));
		return { ...common, control: "scalars", options };
	}
	if (types.length !== 1) return { ...common, control: "json" };
	switch (types[0]) {
		case "string": {
			const colour = schema.pattern !== undefined && hexColourPattern.test(schema.pattern) && (schema.maxLength ?? 7) <= 9;
			const format = colour ? "color" : schema.format === "uri" || schema.format === "url" ? "url" : undefined;
			return {
				...common,
				control: "text",
				multiline: schema.maxLength === undefined || schema.maxLength > textAreaFrom,
				maxLength: schema.maxLength,
				pattern: schema.pattern,
				format,
			};
		}
		case "boolean":
			return { ...common, control: "boolean", defaultValue: typeof schema.default === "boolean" ? schema.default : undefined };
		case "number":
		case "integer":
			return {
				...common,
				control: "number",
				integer: types[0] === "integer",
				min: schema.minimum ?? schema.exclusiveMinimum,
				max: schema.maximum ?? schema.exclusiveMaximum,
			};
		case "object": {
			if (schema.properties && Object.keys(schema.properties).length > 0) {
				return { ...common, control: "object", fields: fieldsFor(schema, path) };
			}
			const values = schema.additionalProperties;
			if (typeof values === "object" && values !== null && Object.keys(values).length > 0) {
				return { ...common, control: "record", value: fieldFor("*", [...path, "*"], values, false) };
			}
			return { ...common, control: "json" };
		}
		case "array": {
			const items = schema.items;
			if (!items || Object.keys(items).length === 0) return { ...common, control: "json" };
			const itemUnion = items.oneOf ?? items.anyOf;
			const limits = { maxItems: schema.maxItems };
			if (isScalarSchema(items) || (Array.isArray(items.enum) && items.enum.length > 0)) {
				const item = fieldFor(key, [...path, "0"], items, true);
				return { ...common, control: "list", item, ...limits, minItems: schema.minItems };
			}
			if (itemUnion?.every((variant) => typesOf(variant)[0] === "object" && variant.properties)) {
				const discriminator = discriminatorOf(itemUnion);
				if (discriminator) {
					return {
						...common,
						control: "items",
						variants: itemUnion.map((v) => variantOf(v, path, discriminator)),
						discriminator,
						...limits,
					};
				}
				return { ...common, control: "json" };
			}
			if (typesOf(items)[0] === "object" && items.properties) {
				return { ...common, control: "items", variants: [variantOf(items, path, null)], discriminator: null, ...limits };
			}
			return { ...common, control: "json" };
		}
		default:
			return { ...common, control: "json" };
	}
}

/** The property every variant fixes to its own constant (`type` for annotations). */
function discriminatorOf(variants: JsonSchema[]): string | null {
	const first = variants[0]?.properties ?? {};
	for (const [name, schema] of Object.entries(first)) {
		if (schema.const === undefined && schema.enum?.length !== 1) continue;
		const tags = variants.map((variant) => {
			const property = variant.properties?.[name];
			return property?.const ?? (property?.enum?.length === 1 ? property.enum[0] : undefined);
		});
		if (tags.every((tag) => typeof tag === "string") && new Set(tags).size === tags.length) return name;
	}
	return null;
}

function startingValue(schema: JsonSchema): unknown {
	if (schema.const !== undefined) return schema.const;
	if (schema.default !== undefined) return schema.default;
	if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
	const first = (schema.anyOf ?? schema.oneOf)?.[0];
	if (first) return startingValue(first);
	switch (typesOf(schema)[0]) {
		case "number":
		case "integer":
			return schema.minimum ?? 0;
		case "boolean":
			return false;
		case "array":
			return [];
		case "object":
			return {};
		default:
			return "";
	}
}

function variantOf(schema: JsonSchema, path: string[], discriminator: string | null): Variant {
	const tagSchema = discriminator ? schema.properties?.[discriminator] : undefined;
	const tag = discriminator ? (String(tagSchema?.const ?? tagSchema?.enum?.[0] ?? "") as string) : null;
	const itemPath = [...path, "0"];
	const fields = fieldsFor(schema, itemPath).filter((field) => field.key !== discriminator);
	const required = new Set(schema.required ?? []);
	return {
		tag,
		label: tag ? sentenceCase(tag) : "Item",
		hint: schema.description,
		fields,
		blank() {
			const value: Record<string, unknown> = {};
			if (discriminator && tag) value[discriminator] = tag;
			for (const [name, property] of Object.entries(schema.properties ?? {})) {
				if (name !== discriminator && required.has(name)) value[name] = startingValue(property);
			}
			return value;
		},
	};
}

/** The fields of an object schema, in the schema's order, less the names in `exclude`. */
export function fieldsFor(schema: JsonSchema, path: string[] = [], exclude: readonly string[] = []): Field[] {
	const required = new Set(schema.required ?? []);
	return Object.entries(schema.properties ?? {})
		.filter(([key]) => !exclude.includes(key))
		.map(([key, property]) => fieldFor(key, [...path, key], property, required.has(key)));
}

/** Keys of `meta` the schema does not describe: settings made through the API, kept as they are. */
export function unknownKeys(schema: JsonSchema, meta: Record<string, unknown>): string[] {
	const known = new Set(Object.keys(schema.properties ?? {}));
	return Object.keys(meta).filter((key) => !known.has(key));
}

/** How many values are set under a field, for a fold-out's summary ("2 set"). */
export function countSet(value: unknown): number {
	if (value === undefined || value === null) return 0;
	if (Array.isArray(value)) return value.length > 0 ? 1 : 0;
	if (typeof value === "object") return Object.values(value).reduce<number>((sum, inner) => sum + countSet(inner), 0);
	return 1;
}

/**
 * A merge patch that sets `value` at `path` inside `meta` (null or undefined removes it). An
 * object left empty by a removal is removed too, so clearing the last axis setting leaves no
 * `"axes": { "x": {} }` behind.
 */
export function patchAt(meta: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
	const removing = value === undefined || value === null;
	let depth = path.length;
	if (removing) {
		// Climb while the parent would be left with nothing in it.
		while (depth > 1) {
			const parent = valueAt(meta, path.slice(0, depth - 1));
			if (!isPlainObject(parent)) break;
			const others = Object.keys(parent).filter((key) => key !== path[depth - 1]);
			if (others.length > 0) break;
			depth -= 1;
		}
	}
	let patch: unknown = removing ? null : value;
	for (let i = depth - 1; i >= 0; i--) patch = { [path[i] as string]: patch };
	return patch as Record<string, unknown>;
}

export function valueAt(meta: unknown, path: readonly string[]): unknown {
	let current: unknown = meta;
	for (const step of path) {
		if (Array.isArray(current)) current = current[Number(step)];
		else if (isPlainObject(current)) current = Object.hasOwn(current, step) ? current[step] : undefined;
		else return undefined;
	}
	return current;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The API's `details.path` for a path in `meta`: `meta.axes.x.min`, `meta.annotations[2].text`. */
export function apiPath(path: readonly string[]): string {
	let out = "meta";
	for (const step of path) out += /^\d+$/.test(step) ? `[${step}]` : `.${step}`;
	return out;
}

/**
 * The fields that matter for a chart of `kind`: a setting for other kinds only (a bar race, a
 * table's paging) is left out, unless the chart already has a value for it, which stays in view
 * so it can be seen and cleared.
 */
export function fieldsForKind(fields: Field[], kind: string, meta: Record<string, unknown>): Field[] {
	return fields.filter((field) => !field.kinds || field.kinds.includes(kind) || meta[field.key] !== undefined);
}
