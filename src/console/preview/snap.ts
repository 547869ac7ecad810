/**
 * Where a click on the preview lands in the chart's own terms: on a category
 * axis the category under the pointer, on a value axis a round number at the precision the axis
 * shows (a fiftieth of its span, rounded to 1, 2 or 5 × a power of ten), so a note placed by hand
 * reads `y: 12.5`, not `y: 12.4871`. Pure, so it is tested without a browser.
 */

export type AxisShape =
	| { type: "category"; names: readonly string[] }
	/** A value or log axis, with the extent it draws. */
	| { type: "value"; min: number; max: number; log?: boolean };

export type AxisValue = string | number;

/** 1, 2 or 5 times a power of ten, the nearest at or below `raw`. */
function roundStep(raw: number): number {
	if (!(raw > 0) || !Number.isFinite(raw)) return 1;
	const power = 10 ** Math.floor(Math.log10(raw));
	const scaled = raw / power;
	return (scaled >= 5 ? 5 : scaled >= 2 ? 2 : 1) * power;
}

/** The number of decimals a step needs: 0.05 → 2. */
function decimalsOf(step: number): number {
	return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/** A value from the axis's pixel-to-data conversion, snapped; null off a category axis's ends. */
export function snapToAxis(axis: AxisShape, raw: number): AxisValue | null {
	if (!Number.isFinite(raw)) return null;
	if (axis.type === "category") {
		const index = Math.round(raw);
		if (axis.names.length === 0) return null;
		return axis.names[Math.min(axis.names.length - 1, Math.max(0, index))] ?? null;
	}
	if (axis.log) {
		// On a log axis a round number is a round mantissa: two significant digits.
		if (raw <= 0) return null;
		return Number(raw.toPrecision(2));
	}
	const step = roundStep(Math.abs(axis.max - axis.min) / 50);
	const snapped = Math.round(raw / step) * step;
	return Number(snapped.toFixed(decimalsOf(step)));
}
