/**
 * Accessibility checks of a theme: pure, so the API answers them and the theme studio
 * computes the same ones live as the person edits. They warn; they never block saving.
 *
 * - Contrast (WCAG 2.x, https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): text and muted text
 *   on the background need 4.5:1 (SC 1.4.3); the axis and each palette colour need 3:1, the
 *   minimum for graphical objects (SC 1.4.11). Checked in light and in dark.
 * - Colour-vision deficiency: each palette colour is simulated for protanopia, deuteranopia and
 *   tritanopia with the severity-1.0 matrices of Machado, Oliveira & Fernandes (2009), "A
 *   Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6),
 *   applied in linear RGB; then every pair is compared with CIEDE2000 (Sharma, Wu & Dalal 2005).
 *   A pair closer than `cvdThreshold` is reported. Why 10: ΔE00 ≈ 1–2 is the just-noticeable
 *   difference for large patches side by side, but chart marks are thin lines, small dots and
 *   legend swatches seen apart from each other, and the difference needed to tell such marks
 *   apart grows several-fold as marks shrink (Szafir 2018, "Modeling Color Difference for
 *   Visualization Design", IEEE TVCG 24(1)). Around 10 is where categorical palettes designed
 *   for colour-blind readers (Okabe–Ito, Paul Tol's) keep their nearby pairs, so a pair below it
 *   is one a reader is likely to confuse in a legend.
 */
import type { ThemeDefinition } from "./themes";

export interface ThemeCheck {
	/** Stable and structured: `contrast:<mode>:<field>[:<index>]` or `cvd:<mode>:<i>:<j>`. */
	id: string;
	level: "warning";
	message: string;
	/** The colours concerned, foreground first. */
	colors: string[];
}

export type Mode = "light" | "dark";
export type Deficiency = "protanopia" | "deuteranopia" | "tritanopia";
export type Rgb = readonly [number, number, number];
type Matrix = readonly [Rgb, Rgb, Rgb];

export const textContrastMinimum = 4.5;
export const graphicContrastMinimum = 3;
export const cvdThreshold = 10;

/** Machado et al. 2009, severity 1.0, for linear RGB (the editor's simulated preview applies the same matrices as SVG filters). */
export const machado: Record<Deficiency, Matrix> = {
	protanopia: [
		[0.152286, 1.052583, -0.204868],
		[0.114503, 0.786281, 0.099216],
		[-0.003882, -0.048116, 1.051998],
	],
	deuteranopia: [
		[0.367322, 0.860646, -0.227968],
		[0.280085, 0.672501, 0.047413],
		[-0.01182, 0.04294, 0.968881],
	],
	tritanopia: [
		[1.255528, -0.076749, -0.178779],
		[-0.078411, 0.930809, 0.147602],
		[0.004733, 0.691367, 0.3039],
	],
};

/** `#rgb`, `#rrggbb` or `#rrggbbaa` as 0–255 channels and an alpha in 0–1. */
export function parseHex(hex: string): { rgb: Rgb; alpha: number } | null {
	const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
	if (!m?.[1]) return null;
	let digits = m[1];
	if (digits.length === 3) digits = [...digits].map((d) => d + d).join("");
	const byte = (i: number) => Number.parseInt(digits.slice(i, i + 2), 16);
	return { rgb: [byte(0), byte(2), byte(4)], alpha: digits.length === 8 ? byte(6) / 255 : 1 };
}

/** A translucent colour as it shows over `under` (which is taken as opaque). */
function over(color: string, under: Rgb): Rgb {
	const parsed = parseHex(color);
	if (!parsed) return under;
	const { rgb, alpha } = parsed;
	return [rgb[0] * alpha + under[0] * (1 - alpha), rgb[1] * alpha + under[1] * (1 - alpha), rgb[2] * alpha + under[2] * (1 - alpha)];
}

export function opaque(color: string): Rgb {
	return over(color, [255, 255, 255]);
}

const toLinear = (channel: number) => {
	const c = channel / 255;
	// WCAG 2.x uses 0.03928 (the sRGB draft's value); it differs from 0.04045 only below 1/255.
	return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
export const fromLinear = (linear: number) => {
	const c = Math.min(1, Math.max(0, linear));
	return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
};

function relativeLuminance(rgb: Rgb): number {
	return 0.2126 * toLinear(rgb[0]) + 0.7152 * toLinear(rgb[1]) + 0.0722 * toLinear(rgb[2]);
}

/** WCAG 2.x contrast ratio of `foreground` drawn on `background`, 1–21. */
export function contrastRatio(foreground: string, background: string): number {
	const bg = opaque(background);
	const a = relativeLuminance(over(foreground, bg));
	const b = relativeLuminance(bg);
	return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The colour as a person with the deficiency sees it (0–255 channels). */
export function simulate(rgb: Rgb, deficiency: Deficiency): Rgb {
	const lin = rgb.map(toLinear) as unknown as Rgb;
	const m = machado[deficiency];
	const row = (r: Rgb) => fromLinear(r[0] * lin[0] + r[1] * lin[1] + r[2] * lin[2]);
	return [row(m[0]), row(m[1]), row(m[2])];
}

/** sRGB (0–255) to CIELAB under D65. */
export function rgbToLab(rgb: Rgb): Rgb {
	const [r, g, b] = rgb.map(toLinear) as unknown as Rgb;
	const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
	const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
	const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
	const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
	const fy = f(y);
	return [116 * fy - 16, 500 * (f(x) - fy), 200 * (fy - f(z))];
}

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
// Outside ciede2000: a closure made per call costs more than the formula (bundlers wrap each in a naming helper).
const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (deg(Math.atan2(b, a)) + 360) % 360);

/** CIEDE2000 colour difference (kL = kC = kH = 1), as in Sharma, Wu & Dalal (2005). */
export function ciede2000(lab1: Rgb, lab2: Rgb): number {
	const [L1, a1, b1] = lab1;
	const [L2, a2, b2] = lab2;
	const C1 = Math.hypot(a1, b1);
	const C2 = Math.hypot(a2, b2);
	const Cbar7 = ((C1 + C2) / 2) ** 7;
	const G = 0.5 * (1 - Math.sqrt(Cbar7 / (Cbar7 + 25 ** 7)));
	const a1p = (1 + G) * a1;
	const a2p = (1 + G) * a2;
	const C1p = Math.hypot(a1p, b1);
	const C2p = Math.hypot(a2p, b2);
	const h1p = hue(b1, a1p);
	const h2p = hue(b2, a2p);
	const dLp = L2 - L1;
	const dCp = C2p - C1p;
	let dhp = 0;
	if (C1p * C2p !== 0) {
		dhp = h2p - h1p;
		if (dhp > 180) dhp -= 360;
		else if (dhp < -180) dhp += 360;
	}
	const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin(rad(dhp / 2));
	const Lbarp = (L1 + L2) / 2;
	const Cbarp = (C1p + C2p) / 2;
	let hbarp = h1p + h2p;
	if (C1p * C2p !== 0) {
		if (Math.abs(h1p - h2p) <= 180) hbarp = (h1p + h2p) / 2;
		else hbarp = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
	}
	const T =
		1 -
		0.17 * Math.cos(rad(hbarp - 30)) +
		0.24 * Math.cos(rad(2 * hbarp)) +
		0.32 * Math.cos(rad(3 * hbarp + 6)) -
		0.2 * Math.cos(rad(4 * hbarp - 63));
	const dTheta = 30 * Math.exp(-(((hbarp - 275) / 25) ** 2));
	const Cbarp7 = Cbarp ** 7;
	const Rc = 2 * Math.sqrt(Cbarp7 / (Cbarp7 + 25 ** 7));
	const Sl = 1 + (0.015 * (Lbarp - 50) ** 2) / Math.sqrt(20 + (Lbarp - 50) ** 2);
	const Sc = 1 + 0.045 * Cbarp;
	const Sh = 1 + 0.015 * Cbarp * T;
	const Rt = -Math.sin(rad(2 * dTheta)) * Rc;
	return Math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh));
}

/** Ratios are cut, never rounded up, so 4.48 never reads as a passing "4.5". */
export function formatRatio(ratio: number): string {
	return `${String(Math.floor(ratio * 100) / 100)}:1`;
}

const fieldNames = { text: "Text", mutedText: "Muted text", axis: "The axis colour" } as const;
export const deficiencyNames: Record<Deficiency, string> = {
	protanopia: "protanopia (red-blind)",
	deuteranopia: "deuteranopia (green-blind)",
	tritanopia: "tritanopia (blue-blind)",
};
export const deficiencies: readonly Deficiency[] = ["protanopia", "deuteranopia", "tritanopia"];

function contrastChecks(mode: Mode, colors: ThemeDefinition["colors"]["light"]): ThemeCheck[] {
	const checks: ThemeCheck[] = [];
	const bg = colors.background;
	const where = `on the ${mode} background`;
	for (const field of ["text", "mutedText", "axis"] as const) {
		const minimum = field === "axis" ? graphicContrastMinimum : textContrastMinimum;
		const ratio = contrastRatio(colors[field], bg);
		if (ratio < minimum) {
			checks.push({
				id: `contrast:${mode}:${field}`,
				level: "warning",
				message: `${fieldNames[field]} is ${formatRatio(ratio)} ${where}; needs ${minimum}:1.`,
				colors: [colors[field], bg],
			});
		}
	}
	colors.palette.forEach((color, index) => {
		const ratio = contrastRatio(color, bg);
		if (ratio < graphicContrastMinimum) {
			checks.push({
				id: `contrast:${mode}:palette:${index}`,
				level: "warning",
				message: `Palette colour ${index + 1} (${color}) is ${formatRatio(ratio)} ${where}; needs ${graphicContrastMinimum}:1.`,
				colors: [color, bg],
			});
		}
	});
	return checks;
}

export function joinWords(words: string[]): string {
	return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

/** The colour as a reader with the deficiency sees it, in CIELAB. */
function seenAs(color: string, deficiency: Deficiency): Rgb {
	return rgbToLab(simulate(opaque(color), deficiency));
}

/**
 * How two colours fare under the three deficiencies: the ones under which they are closer than
 * `cvdThreshold` (ΔE00), and the closest distance among those; null when every reader tells them
 * apart. Shared by the theme's palette checks and a chart's drawn colours (color-checks.ts).
 */
export function confusion(a: string, b: string): { deficiencies: Deficiency[]; distance: number } | null {
	const close: { deficiency: Deficiency; distance: number }[] = [];
	for (const deficiency of deficiencies) {
		const distance = ciede2000(seenAs(a, deficiency), seenAs(b, deficiency));
		if (distance < cvdThreshold) close.push({ deficiency, distance });
	}
	if (close.length === 0) return null;
	return { deficiencies: close.map((c) => c.deficiency), distance: Math.min(...close.map((c) => c.distance)) };
}

/** The smallest ΔE00 between two colours for any reader: normal vision or one of the three deficiencies. */
export function leastDistance(a: string, b: string): number {
	const normal = ciede2000(rgbToLab(opaque(a)), rgbToLab(opaque(b)));
	return Math.min(normal, ...deficiencies.map((d) => ciede2000(seenAs(a, d), seenAs(b, d))));
}

/** Names the deficiencies of a confusion: "deuteranopia (green-blind) or tritanopia (blue-blind)". */
export function deficiencyPhrase(list: readonly Deficiency[]): string {
	return joinWords(list.map((d) => deficiencyNames[d]));
}

/** Pairs of palette colours too close under some deficiency: one check per pair, naming every deficiency. */
function cvdChecks(mode: Mode, palette: readonly string[]): ThemeCheck[] {
	const checks: ThemeCheck[] = [];
	for (let i = 0; i < palette.length; i++) {
		for (let j = i + 1; j < palette.length; j++) {
			const a = palette[i] as string;
			const b = palette[j] as string;
			const close = confusion(a, b);
			if (!close) continue;
			checks.push({
				id: `cvd:${mode}:${i}:${j}`,
				level: "warning",
				message: `In ${mode} mode, palette colours ${i + 1} (${a}) and ${j + 1} (${b}) are hard to tell apart with ${deficiencyPhrase(close.deficiencies)}: ΔE00 ${close.distance.toFixed(1)}, needs ${cvdThreshold}.`,
				colors: [a, b],
			});
		}
	}
	return checks;
}

/** Every check of a theme, light first, then dark; an empty list is a theme with nothing to warn about. */
export function themeChecks(definition: Pick<ThemeDefinition, "colors">): ThemeCheck[] {
	const modes: Mode[] = ["light", "dark"];
	return modes.flatMap((mode) => [...contrastChecks(mode, definition.colors[mode]), ...cvdChecks(mode, definition.colors[mode].palette)]);
}
