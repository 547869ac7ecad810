/**
 * `meta.colorScale` for maps and heatmaps: the colours and range of the ECharts visual map.
 * Sequential runs from the first colour to the last; diverging centres the middle colour on 0
 * when the range spans it (else on the middle of the range); steps cuts the range into equal
 * classes, each one colour.
 */
import type { Extent } from "./extent";
import type { RenderInput } from "./input";
import { colors } from "./input";
import type { ValueFormatter } from "./number-format";

export type ScaleProps = Record<string, unknown>;

export function hexToRgb(hex: string): [number, number, number] {
	const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex.slice(0, 7);
	return [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** The colour at `t` (0–1) along a list of hex colours. */
export function mix(scale: readonly string[], t: number): string {
	const position = Math.min(Math.max(t, 0), 1) * (scale.length - 1);
	const i = Math.min(Math.floor(position), scale.length - 2);
	const from = hexToRgb(scale[i] as string);
	const to = hexToRgb(scale[i + 1] as string);
	const k = position - i;
	return `#${from
		.map((v, j) =>
			Math.round(v + ((to[j] as number) - v) * k)
				.toString(16)
				.padStart(2, "0"),
		)
		.join("")}`;
}

/** `count` colours evenly along a list (the class colours of a stepped scale). */
function sampled(list: readonly string[], count: number): string[] {
	if (list.length === count) return [...list];
	return Array.from({ length: count }, (_, i) => mix(list, i / Math.max(count - 1, 1)));
}

/**
 * `lowTint` (0–1): how far towards the series colour the default sequential scale starts, for a
 * scale over the data's own range, where the lowest value must still read as a value and not as
 * an empty cell.
 */
export function colorScale(input: RenderInput, data: Extent, write: ValueFormatter, { lowTint = 0 } = {}): ScaleProps {
	const c = colors(input);
	const settings = input.meta.colorScale ?? {};
	const type = settings.type ?? "sequential";
	const low = lowTint > 0 ? mix([c.surface, c.palette[0] as string], lowTint) : c.surface;
	const palette =
		settings.colors ?? (type === "diverging" ? [c.palette[0] as string, c.surface, c.palette[1] as string] : [low, c.palette[0] as string]);
	let min = settings.min ?? data.min;
	let max = settings.max ?? data.max;
	if (type === "diverging" && settings.min === undefined && settings.max === undefined && min < 0 && max > 0) {
		// Centred on zero: equal reach both ways, so the middle colour means "no change".
		const reach = Math.max(-min, max);
		min = -reach;
		max = reach;
	}
	if (max <= min) max = min + 1;
	if (type === "steps") {
		const steps = settings.steps ?? 5;
		const width = (max - min) / steps;
		const classColors = sampled(palette, steps);
		return {
			type: "piecewise",
			min,
			max,
			pieces: classColors.map((color, i) => ({
				min: min + i * width,
				...(i === steps - 1 ? { max } : { lt: min + (i + 1) * width }),
				color,
				label: `${write(min + i * width)} – ${write(i === steps - 1 ? max : min + (i + 1) * width)}`,
			})),
		};
	}
	return { type: "continuous", min, max, inRange: { color: palette } };
}
