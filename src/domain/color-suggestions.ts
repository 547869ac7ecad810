/**
 * One-click fixes for a chart's colour warnings: a colour for a series that passes 3:1 on every
 * background and stays ΔE00 10 or more, for every reader, from every other series as it will be
 * once every suggested fix is applied. So proposals differ from each other and from every other
 * series, and taking them all together leaves nothing to warn about.
 *
 * The search is bounded: each series gets one proposal however many warnings name it, and once a
 * check has worked out `maxColorComparisons` pairs of colours, later warnings carry none (a chart
 * with that many conflicts has more than one click can mend: fix what is proposed and check again).
 */

import type { ColorDistances } from "./color-distances";
import type { DrawnColors } from "./drawn-colors";
import type { Rgb } from "./theme-checks";
import { contrastRatio, cvdThreshold, fromLinear, graphicContrastMinimum, opaque, rgbToLab } from "./theme-checks";

/**
 * The most pairs of colours one check works out before it stops proposing: room for every pair of
 * 50 series' colours (1,225) and as many again for proposals, tens of milliseconds. A chart of 50
 * series in conflict would otherwise try ~120 candidates against every other series for each of
 * them (3-5 s of CPU for one request).
 */
export const maxColorComparisons = 2_500;

function lower(hex: string): string {
	return hex.toLowerCase();
}

function toHex(rgb: Rgb): string {
	return `#${rgb
		.map((c) =>
			Math.round(Math.min(255, Math.max(0, c)))
				.toString(16)
				.padStart(2, "0"),
		)
		.join("")}`;
}

/** CIELAB (D65) back to sRGB; null when the colour is outside sRGB's gamut. */
function labToRgb(lab: Rgb): Rgb | null {
	const [L, a, b] = lab;
	const fy = (L + 16) / 116;
	const fx = fy + a / 500;
	const fz = fy - b / 200;
	const inverse = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27));
	const x = inverse(fx) * 0.95047;
	const y = inverse(fy);
	const z = inverse(fz) * 1.08883;
	const linear = [
		3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
		-0.969266 * x + 1.8760108 * y + 0.041556 * z,
		0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
	];
	if (linear.some((c) => c < -0.0005 || c > 1.0005)) return null;
	return linear.map(fromLinear) as unknown as Rgb;
}

/**
 * The same hue lighter and darker, nearest first: L* in steps of 2, chroma reduced where the
 * lighter or darker colour would leave sRGB. Made one at a time, as the search asks for them.
 */
function* lightnessVariants(color: string): Generator<string> {
	const [L, a, b] = rgbToLab(opaque(color));
	for (let step = 2; step <= 100; step += 2) {
		for (const target of [L - step, L + step]) {
			if (target < 0 || target > 100) continue;
			for (let chroma = 1; chroma >= 0; chroma -= 0.1) {
				const rgb = labToRgb([target, a * chroma, b * chroma]);
				if (rgb) {
					yield toHex(rgb);
					break;
				}
			}
		}
	}
}

/** The proposals of one check, shared by all its warnings so they never contradict each other. */
export class ColorSuggestions {
	private readonly chosen = new Map<string, string | null>();
	/**
	 * Searches that found nothing, by the colour, the preference and how many proposals had been
	 * made: a series in the same colour searches the same candidates against the same other
	 * colours, so until a new proposal changes those it would find nothing again (50 series on a
	 * 6-colour palette would otherwise repeat each failed search 8 times, with every pair cached).
	 */
	private readonly failed = new Set<string>();
	private proposals = 0;

	constructor(
		private readonly modes: readonly DrawnColors[],
		private readonly distances: ColorDistances,
	) {}

	/** Every other series' colour in one mode as it will be drawn once the proposals so far are taken. */
	private othersIn(drawn: DrawnColors, name: string): string[] {
		const colors = new Set<string>();
		for (const mark of drawn.marks) {
			if (mark.name === name) continue;
			colors.add(lower(this.chosen.get(mark.name) ?? mark.color));
		}
		return [...colors];
	}

	/** Whether the check has worked out as many pairs as it may: a candidate then fails unchecked and the search stops. */
	private spent(): boolean {
		return this.distances.comparisons >= maxColorComparisons;
	}

	/** Whether a colour reads on every background and stays apart from every other series (`others`, per mode). */
	private passes(color: string, others: readonly (readonly string[])[]): boolean {
		// Plain loops: this runs for every candidate against every series, the hot path of a check.
		for (const [i, drawn] of this.modes.entries()) {
			if (contrastRatio(color, drawn.background) < graphicContrastMinimum) return false;
			for (const other of others[i] as readonly string[]) {
				if (other === color || this.spent() || this.distances.leastDistance(color, other) < cvdThreshold) return false;
			}
		}
		return true;
	}

	/**
	 * The colour proposed for a series (the same one for every warning that names it): for a
	 * contrast warning the same hue lighter or darker first (the chart keeps its look), for a
	 * confusion an unused palette colour of the theme first; null when nothing fits within the budget.
	 */
	for(name: string, current: string, prefer: "lightness" | "palette"): string | null {
		const earlier = this.chosen.get(name);
		if (earlier !== undefined) return earlier;
		const search = `${lower(current)}|${prefer}|${this.proposals}`;
		if (this.failed.has(search)) {
			this.chosen.set(name, null);
			return null;
		}
		const others = this.modes.map((drawn) => this.othersIn(drawn, name));
		const used = new Set(others.flat());
		const palette = [...new Set(this.modes.flatMap((m) => m.palette.map(lower)))].filter((c) => !used.has(c) && c !== lower(current));
		const candidates = prefer === "lightness" ? [lightnessVariants(current), palette] : [palette, lightnessVariants(current)];
		const found = this.firstPassing(candidates, others);
		if (found) this.proposals++;
		else this.failed.add(search);
		this.chosen.set(name, found);
		return found;
	}

	private firstPassing(groups: readonly Iterable<string>[], others: readonly (readonly string[])[]): string | null {
		for (const group of groups) {
			for (const candidate of group) {
				if (this.spent()) return null;
				if (this.passes(candidate, others)) return candidate;
			}
		}
		return null;
	}
}
