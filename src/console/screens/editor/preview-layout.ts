/**
 * How big the preview draws the chart and how big it shows it. "Fit" draws the
 * chart at its own size (meta w/h, else 800×500), no wider than the pane. A reader's width
 * (Tablet 768, Phone 390 or a custom width) is drawn as the live embed draws it for a frame that
 * wide (render/embed-layout.ts, docs/design.md#d38): the widest width class that fits, at that class's
 * height, scaled to the frame's width — so the editor sees exactly what a reader at 360, 480 or
 * 640 px gets. A frame wider than the pane is shown scaled down, and says so. A table is drawn
 * as tall as its rows, as its embed is (given `contentHeight`, from the lazily loaded engine).
 */
import type { ChartKind } from "../../../domain/kinds";
import { classHeight, widthClasses, widthClassFor } from "../../../render/embed-layout";
import { drawingSize } from "../../../render/pixel-budget";

export type PreviewWidth = "auto" | "tablet" | "phone" | "custom";

export const presetWidths: { value: PreviewWidth; label: string; px: number | null }[] = [
	{ value: "auto", label: "Fit", px: null },
	{ value: "tablet", label: "Tablet", px: 768 },
	{ value: "phone", label: "Phone", px: 390 },
];

/** A custom width: from the embed's narrowest class to a wide desktop column. */
export const customWidthRange = { min: 280, max: 1600 } as const;

export interface PreviewLayout {
	/** The size the chart is drawn at. */
	drawing: { width: number; height: number };
	/** The frame a reader sees it in: the drawing scaled to the frame's width. */
	frame: { width: number; height: number };
	/** The embed's width classes for this chart, narrowest first, ending with its own width. */
	classes: number[];
	/** The class a reader at this frame width gets. */
	classWidth: number;
	/** How much the frame is shrunk to fit the pane (1 when it fits). */
	shown: number;
}

export function clampCustomWidth(value: number): number {
	if (!Number.isFinite(value)) return 640;
	return Math.round(Math.min(customWidthRange.max, Math.max(customWidthRange.min, value)));
}

/** The height a drawing's content takes at a size (a table's rows), at most the size's own height. */
export type ContentHeight = (size: { width: number; height: number }) => number;

export function previewLayout(
	chart: { kind: ChartKind; meta: { w?: number; h?: number } },
	choice: PreviewWidth,
	customWidth: number,
	available: number,
	contentHeight?: ContentHeight,
): PreviewLayout {
	const layout = boxLayout(chart, choice, customWidth, available);
	if (!contentHeight) return layout;
	// Drawn as tall as its content, as the embed is, and the frame with it.
	const height = Math.max(1, Math.min(layout.drawing.height, contentHeight(layout.drawing)));
	const frameHeight = Math.round((height * layout.frame.width) / layout.drawing.width);
	return { ...layout, drawing: { ...layout.drawing, height }, frame: { ...layout.frame, height: frameHeight } };
}

function boxLayout(
	chart: { kind: ChartKind; meta: { w?: number; h?: number } },
	choice: PreviewWidth,
	customWidth: number,
	available: number,
): PreviewLayout {
	const own = drawingSize(chart.meta, {});
	const box = { kind: chart.kind, width: own.width, height: own.height };
	const classes = widthClasses(box);
	if (choice === "auto") {
		const width = Math.max(200, Math.min(own.width, Math.floor(available)));
		const scaled = Math.round((width * own.height) / own.width);
		// Narrow layouts grow taller rather than shrinking everything (D38).
		const height = width < 480 ? Math.max(scaled, Math.min(own.height, 340)) : scaled;
		return { drawing: { width, height }, frame: { width, height }, classes, classWidth: widthClassFor(box, width), shown: 1 };
	}
	const reader = choice === "custom" ? clampCustomWidth(customWidth) : (presetWidths.find((w) => w.value === choice)?.px ?? own.width);
	const classWidth = widthClassFor(box, reader);
	const drawnHeight = classHeight(box, classWidth);
	const frame = { width: reader, height: Math.round((drawnHeight * reader) / classWidth) };
	const shown = available > 0 ? Math.min(1, Math.floor(available) / reader) : 1;
	return { drawing: { width: classWidth, height: drawnHeight }, frame, classes, classWidth, shown };
}
