/**
 * Text that can be drawn: control characters, lone surrogates and the noncharacters U+FFFE and
 * U+FFFF are not allowed in XML, so one of them in a title or a CSV cell would make the SVG
 * ill-formed and fail resvg and pdfkit. They are removed from every text a chart draws, once,
 * when the render input is prepared; `wellFormedSvg` is the last guard on the finished file.
 */

import type { Cell, Dataset } from "../domain/dataset";
import { drawableText } from "../domain/markup";
import type { Meta } from "../domain/meta";
import type { RenderInput } from "./input";

function drawableCell(cell: Cell): Cell {
	return typeof cell === "string" ? drawableText(cell) : cell;
}

function drawableDataset(dataset: Dataset): Dataset {
	return {
		columns: dataset.columns.map((column) => ({
			...column,
			name: drawableText(column.name),
			values: column.type === "number" ? column.values : column.values.map(drawableCell),
		})),
	};
}

/** Every string inside a settings value (annotation texts, axis titles, column names), made drawable. */
function drawableDeep(value: unknown): unknown {
	if (typeof value === "string") return drawableText(value);
	if (Array.isArray(value)) return value.map(drawableDeep);
	if (typeof value === "object" && value !== null) {
		const out: Record<string, unknown> = Object.create(null);
		for (const [key, inner] of Object.entries(value)) out[key] = drawableDeep(inner);
		return out;
	}
	return value;
}

/** Settings whose strings are drawn (or name what is drawn); nested, so cleaned whole. */
const drawnSettings = ["axes", "highlight", "annotations", "race", "table", "numberFormat"] as const;

function drawableMeta(meta: Meta): Meta {
	const texts = {
		title: meta.title,
		subtitle: meta.subtitle,
		sourceText: meta.sourceText,
		period: meta.period,
		description: meta.description,
		notes: meta.notes,
		byline: meta.byline,
	};
	const cleaned: Partial<Meta> = {};
	for (const [field, value] of Object.entries(texts))
		if (typeof value === "string") cleaned[field as keyof typeof texts] = drawableText(value);
	for (const field of drawnSettings) if (meta[field] !== undefined) Object.assign(cleaned, { [field]: drawableDeep(meta[field]) });
	// Transforms and styles are keyed by series name, so their keys change exactly as the column names do.
	const rekey = <T>(record: Record<string, T> | undefined) =>
		record ? Object.fromEntries(Object.entries(record).map(([name, value]) => [drawableText(name), drawableDeep(value) as T])) : undefined;
	const transforms = rekey(meta.seriesTransform);
	const styles = rekey(meta.seriesStyle);
	return { ...meta, ...cleaned, ...(transforms ? { seriesTransform: transforms } : {}), ...(styles ? { seriesStyle: styles } : {}) };
}

/** The input with every text it draws made drawable: column names, text cells, series names, titles. */
export function drawableInput(input: RenderInput): RenderInput {
	return {
		...input,
		dataset: drawableDataset(input.dataset),
		...(input.table ? { table: drawableDataset(input.table) } : {}),
		seriesNames: input.seriesNames.map(drawableText),
		meta: drawableMeta(input.meta),
	};
}

/** The last guard: a finished SVG never carries a character XML forbids, whatever drew it. */
export function wellFormedSvg(svg: string): string {
	return drawableText(svg);
}
