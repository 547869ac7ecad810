/**
 * The table kind, drawn as an SVG table: a header row and as many data rows as fit, with a
 * note of how many more there are. Numbers are right-aligned; hidden series are left out.
 */

import { DrawingNotes } from "../drawing-notes";
import type { Option } from "../frame";
import { fontStack, frame } from "../frame";
import type { RenderInput } from "../input";
import { colors, label } from "../input";

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/** A column narrower than this shows no text, so tables draw only as many columns as fit. */
export const minColumnPixels = 48;

export function tableOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const { option, plot } = frame(input, { legend: false });
	const c = colors(input);
	const size = input.theme.fonts.bodySize;
	const hidden = new Set(
		Object.entries(input.meta.seriesTransform ?? {})
			.filter(([, t]) => t.hidden)
			.map(([name]) => name),
	);
	const width = input.width - plot.left - plot.right;
	const visibleColumns = input.dataset.columns.filter((col) => !hidden.has(col.name));
	const columns = visibleColumns.slice(0, Math.max(1, Math.floor(width / minColumnPixels)));
	notes.cut(columns.length, visibleColumns.length, "columns", "the first columns, as many as the width can show");
	const rowHeight = Math.round(size * 2);
	const totalRows = columns[0]?.values.length ?? 0;
	const fitting = Math.max(0, Math.floor((input.height - plot.top - plot.bottom) / rowHeight) - 2);
	// Only the rows that fit are read, however many the data has.
	const shownRows = Math.min(totalRows, fitting);
	notes.cut(shownRows, totalRows, "rows", "the first rows, as many as the height can show");
	const columnWidth = width / Math.max(columns.length, 1);
	const elements: unknown[] = [];
	const text = (value: string, x: number, y: number, align: "left" | "right", bold = false) => ({
		type: "text",
		x,
		y,
		style: {
			text: value,
			fill: c.text,
			font: `${bold ? 600 : 400} ${size}px ${fontStack(input)}`,
			textAlign: align,
			textVerticalAlign: "middle",
			width: columnWidth - 12,
			overflow: "truncate",
		},
	});
	elements.push({ type: "rect", shape: { x: plot.left, y: plot.top, width, height: rowHeight }, style: { fill: c.surface } });
	columns.forEach((col, i) => {
		const right = col.type === "number";
		const x = plot.left + i * columnWidth + (right ? columnWidth - 6 : 6);
		elements.push(text(col.name, x, plot.top + rowHeight / 2, right ? "right" : "left", true));
		for (let row = 0; row < shownRows; row++) {
			const value = col.values[row] ?? null;
			const shown = typeof value === "number" ? numberFormat.format(value) : label(value);
			elements.push(text(shown, x, plot.top + rowHeight * (row + 1.5), right ? "right" : "left"));
		}
	});
	for (let row = 0; row <= shownRows; row++) {
		const y = plot.top + rowHeight * (row + 1);
		elements.push({ type: "line", shape: { x1: plot.left, y1: y, x2: plot.left + width, y2: y }, style: { stroke: c.grid, lineWidth: 1 } });
	}
	if (shownRows < totalRows) {
		elements.push({
			type: "text",
			x: plot.left + 6,
			y: plot.top + rowHeight * (shownRows + 1.6),
			style: {
				text: `… ${numberFormat.format(totalRows - shownRows)} more rows (the CSV export has them all)`,
				fill: c.mutedText,
				font: `${size}px ${fontStack(input)}`,
				textVerticalAlign: "middle",
			},
		});
	}
	return { ...option, graphic: [...((option.graphic as unknown[]) ?? []), ...elements] };
}
