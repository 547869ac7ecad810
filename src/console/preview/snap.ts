/**
 * Where a click on the preview lands in the chart's own terms: on a category
 * axis the category under the pointer, on a value axis a round number at the precision the axis
 * shows (a fiftieth of its span, rounded to 1, 2 or 5 × a power of ten), so a note placed by hand
 * reads `y: 12.5`, not `y: 12.4871`; on a line's axis of years the year (`"2021"`), and on its time
 * axis the date, as data writes them (`"2024-03-05"`, or `"2024-03"` over a span of years). Pure,
 * so it is tested without a browser.
 */

export type AxisShape =
	| { type: "category"; names: readonly string[] }
	/** A value or log axis, with the extent it draws; `period` for whole years (a line's years). */
	| { type: "value"; min: number; max: number; log?: boolean; period?: boolean }
	/** A time axis, its extent in milliseconds since 1970 (UTC). */
	| { type: "time"; min: number; max: number };

export type AxisValue = string | number;

/** Over about three years a note's date is its month: days are finer than the axis can show. */
const spanWrittenByMonth = 3 * 365 * 86_400_000;

/** The UTC date at `ms`, to the day (`length` 10) or the month (7); the nearest month when by month. */
function isoAt(ms: number, length: 7 | 10): string {
	const date = new Date(ms);
	if (length === 7 && date.getUTCDate() > 15) date.setUTCMonth(date.getUTCMonth() + 1, 1);
	return date.toISOString().slice(0, length);
}

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
	if (axis.type === "time") return isoAt(raw, axis.max - axis.min > spanWrittenByMonth ? 7 : 10);
	if (axis.period) return String(Math.round(raw));
	if (axis.log) {
		// On a log axis a round number is a round mantissa: two significant digits.
		if (raw <= 0) return null;
		return Number(raw.toPrecision(2));
	}
	const step = roundStep(Math.abs(axis.max - axis.min) / 50);
	const snapped = Math.round(raw / step) * step;
	return Number(snapped.toFixed(decimalsOf(step)));
}
