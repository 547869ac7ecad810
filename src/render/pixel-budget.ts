/**
 * The size a drawing is made at, and the PNG pixel budget (docs/design.md#d25): a PNG is at most 16
 * megapixels, `w·h·scale²`. resvg holds the whole canvas in memory (4 bytes a pixel), so the
 * default scale 2 at 4000×4000 would already be 256 MB, twice a Worker's 128 MB.
 */
import type { Meta } from "../domain/meta";

export const maxPngPixels = 16_000_000;
export const defaultPngScale = 2;
export const maxPngScale = 4;
const defaultSize = { width: 800, height: 500 };

export interface DrawingSize {
	width: number;
	height: number;
}

/** Query options win over the chart's meta, which wins over 800×500. */
export function drawingSize(meta: Pick<Meta, "w" | "h">, options: { w?: number; h?: number }): DrawingSize {
	return {
		width: Math.round(options.w ?? meta.w ?? defaultSize.width),
		height: Math.round(options.h ?? meta.h ?? defaultSize.height),
	};
}

/** The largest whole scale that keeps a PNG of this size within the budget; 0 when even scale 1 is over it. */
export function largestPngScale(size: DrawingSize): number {
	const pixels = size.width * size.height;
	let scale = maxPngScale;
	while (scale > 0 && pixels * scale * scale > maxPngPixels) scale--;
	return scale;
}

const count = new Intl.NumberFormat("en-US");

/** Why a PNG of this size and scale is refused, or null when it is within the budget. */
export function pngBudgetProblem(size: DrawingSize, scale: number): string | null {
	const pixels = size.width * size.height * scale * scale;
	if (pixels <= maxPngPixels) return null;
	const over = `A PNG of ${size.width}×${size.height} at scale ${scale} is ${count.format(pixels)} pixels, over the limit of ${count.format(maxPngPixels)} (w·h·scale²).`;
	const largest = largestPngScale(size);
	return largest > 0
		? `${over} The largest scale for this size is ${largest}: use scale=${largest}, or lower w and h.`
		: `${over} Even scale 1 is too large: lower w and h so that w·h is at most ${count.format(maxPngPixels)}.`;
}
