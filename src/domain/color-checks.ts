/**
 * Accessibility checks of one chart's own colours (issue 30): the theme studio's checks
 * (theme-checks.ts: WCAG contrast, Machado CVD simulation, CIEDE2000) applied to what the chart
 * actually draws — its series in the colours it gives them (meta.seriesStyle, highlight) or the
 * palette hands them, its texts, value labels and annotations — against its background in light
 * and dark. Pure: the API answers them (GET /v1/charts/{id}/checks) and the editor computes the
 * same ones live beside the preview.
 *
 * Where the chart can fix a warning itself (a series' colour), a check carries a suggestion: a
 * colour that passes on both backgrounds and stays apart from every other series for every
 * reader, so one click never trades one warning for another. Text colours are the theme's; their
 * checks say so and carry none.
 */
import type { Deficiency, Mode, Rgb } from "./theme-checks";
import {
	confusion,
	contrastRatio,
	cvdThreshold,
	deficiencyPhrase,
	formatRatio,
	fromLinear,
	graphicContrastMinimum,
	leastDistance,
	opaque,
	rgbToLab,
} from "./theme-checks";

/** A series (or a slice or highlighted category) as drawn in one mode. */
export interface DrawnMark {
	/** The series' name in the data (`meta.seriesStyle`'s key), or the slice's category. */
	name: string;
	/** How the editor names it: the display name. */
	label: string;
	color: string;
	/** Whether the chart can set this colour (`meta.seriesStyle[name].color`): series, not slices. */
	settable: boolean;
}

/** A text or line the chart draws, with the role it plays ("Axis labels", "Annotations"). */
export interface DrawnText {
	role: string;
	color: string;
	/** 4.5 for text (WCAG SC 1.4.3), 3 for lines and marks (SC 1.4.11). */
	minimum: number;
}

export interface DrawnColors {
	mode: Mode;
	background: string;
	marks: DrawnMark[];
	texts: DrawnText[];
	/** The theme's palette in this mode: the first candidates for a suggestion. */
	palette: readonly string[];
}

export interface ColorSuggestion {
	/** The series whose colour to set: `meta.seriesStyle[series].color`. */
	series: string;
	color: string;
}

export interface ColorCheck {
	/** Stable: `contrast:<mode>:series:<name>`, `contrast:<mode>:text:<color>:<minimum>`, `cvd:<name>:<name>`. */
	id: string;
	level: "warning";
	/** The modes it shows in: a confusion of the same two colours in both is one check. */
	modes: Mode[];
	message: string;
	/** The colours concerned, foreground first. */
	colors: string[];
	/** A one-click fix the chart can make itself, when there is one. */
	suggestion?: ColorSuggestion;
}

/** A series' ΔE00 from every other must be at least this for every reader (the studio's threshold). */
const distinctEnough = cvdThreshold;

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
 * lighter or darker colour would leave sRGB.
 */
function lightnessVariants(color: string): string[] {
	const [L, a, b] = rgbToLab(opaque(color));
	const variants: string[] = [];
	for (let step = 2; step <= 100; step += 2) {
		for (const target of [L - step, L + step]) {
			if (target < 0 || target > 100) continue;
			for (let chroma = 1; chroma >= 0; chroma -= 0.1) {
				const rgb = labToRgb([target, a * chroma, b * chroma]);
				if (rgb) {
					variants.push(toHex(rgb));
					break;
				}
			}
		}
	}
	return variants;
}

interface SuggestionContext {
	modes: readonly DrawnColors[];
	/** The series being recoloured. */
	name: string;
}

/** A colour passes for a series when it is readable on every background and apart from every other series for every reader. */
function passes(color: string, { modes, name }: SuggestionContext): boolean {
	return modes.every(
		(drawn) =>
			contrastRatio(color, drawn.background) >= graphicContrastMinimum &&
			drawn.marks.every(
				(other) => other.name === name || lower(other.color) === lower(color) || leastDistance(color, other.color) >= distinctEnough,
			),
	);
}

/**
 * A colour for the series that fixes its warnings without causing others: for a contrast
 * warning the same hue lighter or darker first (the chart keeps its look), for a confusion an
 * unused palette colour of the theme first; null when nothing fits.
 */
export function suggestColor(modes: readonly DrawnColors[], name: string, current: string, prefer: "lightness" | "palette"): string | null {
	const used = new Set(modes.flatMap((m) => m.marks.filter((mark) => mark.name !== name).map((mark) => lower(mark.color))));
	const palette = [...new Set(modes.flatMap((m) => m.palette.map(lower)))].filter((c) => !used.has(c) && c !== lower(current));
	const variants = lightnessVariants(current);
	const candidates = prefer === "lightness" ? [...variants, ...palette] : [...palette, ...variants];
	return candidates.find((color) => passes(color, { modes, name })) ?? null;
}

function quoted(mark: DrawnMark): string {
	return `“${mark.label}”`;
}

function markNoun(mark: DrawnMark, capital = true): string {
	return mark.settable ? `${capital ? "Series" : "series"} ${quoted(mark)}` : quoted(mark);
}

function withSuggestion(check: ColorCheck, suggestion: ColorSuggestion | null): ColorCheck {
	return suggestion ? { ...check, suggestion } : check;
}

function markContrastChecks(modes: readonly DrawnColors[], drawn: DrawnColors): ColorCheck[] {
	const checks: ColorCheck[] = [];
	const seen = new Set<string>();
	for (const mark of drawn.marks) {
		if (seen.has(mark.name)) continue;
		seen.add(mark.name);
		const ratio = contrastRatio(mark.color, drawn.background);
		if (ratio >= graphicContrastMinimum) continue;
		const fix = mark.settable ? suggestColor(modes, mark.name, mark.color, "lightness") : null;
		checks.push(
			withSuggestion(
				{
					id: `contrast:${drawn.mode}:series:${mark.name}`,
					level: "warning",
					modes: [drawn.mode],
					message: `${markNoun(mark)} (${mark.color}) is ${formatRatio(ratio)} on the ${drawn.mode} background (${drawn.background}); needs ${graphicContrastMinimum}:1.`,
					colors: [mark.color, drawn.background],
				},
				fix ? { series: mark.name, color: fix } : null,
			),
		);
	}
	return checks;
}

function textContrastChecks(drawn: DrawnColors): ColorCheck[] {
	const byColor = new Map<string, { color: string; minimum: number; roles: string[] }>();
	for (const text of drawn.texts) {
		const key = `${lower(text.color)}:${text.minimum}`;
		const entry = byColor.get(key) ?? { color: text.color, minimum: text.minimum, roles: [] };
		if (!entry.roles.includes(text.role)) entry.roles.push(text.role);
		byColor.set(key, entry);
	}
	const checks: ColorCheck[] = [];
	for (const { color, minimum, roles } of byColor.values()) {
		const ratio = contrastRatio(color, drawn.background);
		if (ratio >= minimum) continue;
		const what = roles.length === 1 ? (roles[0] as string) : `${roles.slice(0, -1).join(", ")} and ${roles.at(-1)}`;
		checks.push({
			id: `contrast:${drawn.mode}:text:${lower(color)}:${minimum}`,
			level: "warning",
			modes: [drawn.mode],
			message: `${what} (${color}) ${roles.length === 1 && !/s$/.test(what) ? "is" : "are"} ${formatRatio(ratio)} on the ${drawn.mode} background (${drawn.background}); needs ${minimum}:1. This colour is the theme's: change it in Themes, or pick another theme.`,
			colors: [color, drawn.background],
		});
	}
	return checks;
}

/** Pairs of series (or slices) a reader with a colour-vision deficiency is likely to confuse; identical colours are deliberate (a highlight's muted rest) and skipped. */
function confusionChecks(modes: readonly DrawnColors[], drawn: DrawnColors): ColorCheck[] {
	const marks = drawn.marks.filter((mark, i) => drawn.marks.findIndex((m) => m.name === mark.name) === i);
	const checks: ColorCheck[] = [];
	for (let i = 0; i < marks.length; i++) {
		for (let j = i + 1; j < marks.length; j++) {
			const a = marks[i] as DrawnMark;
			const b = marks[j] as DrawnMark;
			if (lower(a.color) === lower(b.color)) continue;
			const close = confusion(a.color, b.color);
			if (!close) continue;
			// Recolour the later one (the earlier keeps the colour the reader meets first); else the earlier.
			const target = b.settable ? b : a.settable ? a : null;
			const fix = target ? suggestColor(modes, target.name, target.color, "palette") : null;
			checks.push(
				withSuggestion(
					{
						id: `cvd:${a.name}:${b.name}`,
						level: "warning",
						modes: [drawn.mode],
						message: `${markNoun(a, false)} (${a.color}) and ${quoted(b)} (${b.color}) are hard to tell apart with ${deficiencyPhrase(close.deficiencies)}: ΔE00 ${close.distance.toFixed(1)}, needs ${cvdThreshold}.`,
						colors: [a.color, b.color],
					},
					fix && target ? { series: target.name, color: fix } : null,
				),
			);
		}
	}
	return checks;
}

/** The same confusion in several modes (a series' own colours are the same in both) is one check naming them. */
function merged(checks: readonly ColorCheck[]): ColorCheck[] {
	const byId = new Map<string, ColorCheck>();
	for (const check of checks) {
		const earlier = byId.get(check.id);
		const same = earlier && earlier.colors.join() === check.colors.join();
		if (earlier && same) byId.set(check.id, { ...earlier, modes: [...earlier.modes, ...check.modes] });
		else
			byId.set(
				earlier ? `${check.id}:${check.modes.join()}` : check.id,
				earlier ? { ...check, id: `${check.id}:${check.modes.join()}` } : check,
			);
	}
	return [...byId.values()].map((check) =>
		check.id.startsWith("cvd:") ? { ...check, message: `In ${check.modes.join(" and ")} mode, ${check.message}` } : check,
	);
}

/** Every check of a chart's drawn colours, light before dark; an empty list has nothing to warn about. */
export function chartColorChecks(modes: readonly DrawnColors[]): ColorCheck[] {
	const contrast = modes.flatMap((drawn) => [...markContrastChecks(modes, drawn), ...textContrastChecks(drawn)]);
	return [...contrast, ...merged(modes.flatMap((drawn) => confusionChecks(modes, drawn)))];
}

export type { Deficiency, Mode };
