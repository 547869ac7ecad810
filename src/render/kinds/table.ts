/**
 * The table kind, drawn as an SVG table: a header row and as many data rows as fit, with a
 * note of how many more there are. Numbers are right-aligned; hidden series are left out.
 */

import type { DatasetColumn } from "../../domain/dataset";
import { hexToRgb, mix } from "../color-scale";
import { DrawingNotes } from "../drawing-notes";
import { extent } from "../extent";
import type { Option } from "../frame";
import { fontStack, frame } from "../frame";
import type { RenderInput } from "../input";
import { colors } from "../input";

import { cellWriter, numberFormat, rowOrder } from "./table-cells";

/** Cell colours of the `meta.table.heatmap` columns: the theme's surface to its first colour, by value. */
function heatColors(input: RenderInput, column: DatasetColumn): ((value: number) => string) | null {
	if (!input.meta.table?.heatmap?.includes(column.name) || column.type !== "number") return null;
	const range = extent(column.values.map((v) => (typeof v === "number" ? v : null)));
	if (!range) return null;
	const c = colors(input);
	const scale = input.meta.colorScale?.colors ?? [c.surface, c.palette[0] as string];
	return (value) => mix(scale, range.max === range.min ? 1 : (value - range.min) / (range.max - range.min));
}

/** Dark text on light cells and light text on dark ones (relative luminance). */
function textOn(fill: string, c: { text: string; background: string }): string {
	const [r, g, b] = hexToRgb(fill);
	return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? "#ffffff" : c.text === "#ffffff" ? c.background : c.text;
}

/** A column narrower than this shows no text, so tables draw only as many columns as fit. */
export const minColumnPixels = 48;

const rowHeightOf = (input: RenderInput) => Math.round(input.theme.fonts.bodySize * 2);

/**
 * How many of `totalRows` a table draws when `room` rows fit under its header: all of them, or
 * one fewer than fit, the last row's place taken by the line that counts the rest.
 */
function rowsDrawn(totalRows: number, room: number): number {
	return totalRows <= room ? totalRows : Math.max(0, room - 1);
}

/**
 * How tall a table needs to be for its rows at `input.width`: the title block and footer, the
 * header row and the rows (a page of them when the reader pages: the page is drawn from that
 * page's rows alone); never taller than `input.height`, where rows are cut instead and the last
 * row's place counts the rest. An embed is drawn at this height, so a short table leaves no blank
 * band in the host page.
 */
export function tableContentHeight(input: RenderInput): number {
	const { plot } = frame(input, { legend: false });
	const rows = input.dataset.columns[0]?.values.length ?? 0;
	const pageSize = input.meta.table?.pageSize;
	const shown = pageSize !== undefined ? Math.min(rows, pageSize) : rows;
	const needed = Math.ceil(plot.top + plot.bottom + rowHeightOf(input) * (1 + shown));
	return Math.min(input.height, needed);
}

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
	const rowHeight = rowHeightOf(input);
	const totalRows = columns[0]?.values.length ?? 0;
	// Only the rows that fit under the header are read, however many the data has.
	// (A hair over, so a height made to fit n rows, rounded up to whole pixels, holds n.)
	const shownRows = rowsDrawn(totalRows, Math.floor((input.height - plot.top - plot.bottom) / rowHeight + 1e-6) - 1);
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
	const order = rowOrder(input, notes).slice(0, shownRows);
	const writeCell = cellWriter(input);
	if (input.meta.table?.heatmap)
		for (const name of input.meta.table.heatmap)
			if (!input.dataset.columns.some((col) => col.name === name && col.type === "number"))
				notes.add(`table.heatmap names no number column of this table ("${name}")`);
	columns.forEach((col, i) => {
		const right = col.type === "number";
		const x = plot.left + i * columnWidth + (right ? columnWidth - 6 : 6);
		const heat = heatColors(input, col);
		elements.push(text(col.name, x, plot.top + rowHeight / 2, right ? "right" : "left", true));
		order.forEach((row, k) => {
			const value = col.values[row] ?? null;
			const shown = writeCell(col, value);
			const y = plot.top + rowHeight * (k + 1.5);
			if (heat && typeof value === "number") {
				const fill = heat(value);
				elements.push({
					type: "rect",
					shape: {
						x: plot.left + i * columnWidth + 1,
						y: plot.top + rowHeight * (k + 1) + 1,
						width: columnWidth - 2,
						height: rowHeight - 2,
					},
					style: { fill },
				});
				const cell = text(shown, x, y, "right");
				elements.push({ ...cell, style: { ...cell.style, fill: textOn(fill, c) } });
			} else elements.push(text(shown, x, y, right ? "right" : "left"));
		});
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
