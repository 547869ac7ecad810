/**
 * The height a published chart is drawn at in each width class (D38), from its content where the
 * content decides: a table is as tall as its rows (at most the chart's `h`), so a four-row table
 * leaves no blank band under it in the host page. Every other kind keeps `classHeight`.
 *
 * Shared by the snapshot (the server's drawings) and the embed client (its interactive drawing and
 * so the height the frame reports), so both take the same box.
 */
import { classHeight, widthClassFor } from "./embed-layout";
import type { RenderInput } from "./input";
import { tableContentHeight } from "./kinds/table";

/** The height of the drawing for one of the chart's width classes. */
export function drawingHeight(input: RenderInput, classWidth: number): number {
	const height = classHeight(input, classWidth);
	return input.kind === "table" ? tableContentHeight({ ...input, width: classWidth, height }) : height;
}

/** The box the chart takes in a frame: its class's drawing scaled to the frame's width. */
export function drawingBox(input: RenderInput, frameWidth: number): { width: number; height: number; classWidth: number } {
	const classWidth = widthClassFor(input, frameWidth);
	const width = Math.max(1, Math.round(frameWidth));
	return { width, height: Math.round((drawingHeight(input, classWidth) * width) / classWidth), classWidth };
}
