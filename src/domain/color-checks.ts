/**
 * Accessibility checks of one chart's own colours: the theme studio's checks
 * (theme-checks.ts: WCAG contrast, Machado CVD simulation, CIEDE2000) applied to what the chart
 * actually draws — its series in the colours it gives them (meta.seriesStyle, highlight) or the
 * palette hands them, its texts, value labels and annotations — against its background in light
 * and dark. Pure: the API answers them (GET /v1/charts/{id}/checks) and the editor computes the
 * same ones live beside the preview.
 *
 * Two series in one colour are a finding too: no reader tells them apart. Pairs are compared by
 * colour, each pair of different colours once (color-distances.ts works each out once).
 *
 * Where the chart can fix a warning itself (a series' colour), a check carries a suggestion
 * (color-suggestions.ts): a colour that passes on both backgrounds and stays apart, for every
 * reader, from every other series and every other suggestion, so taking them all never trades
 * one warning for another. Text colours are the theme's; their checks say so and carry none.
 */
import { ColorDistances } from "./color-distances";
import { ColorSuggestions } from "./color-suggestions";
import type { DrawnColors, DrawnMark } from "./drawn-colors";
import type { Deficiency, Mode } from "./theme-checks";
import { contrastRatio, cvdThreshold, deficiencyPhrase, formatRatio, graphicContrastMinimum } from "./theme-checks";

export interface ColorSuggestion {
	/** The series whose colour to set: `meta.seriesStyle[series].color`. */
	series: string;
	color: string;
}

export interface ColorCheck {
	/**
	 * Stable: `contrast:<mode>:series:<name>`, `contrast:<mode>:text:<color>:<minimum>`,
	 * `cvd:<name>:<name>`, `same:<name>:<name>`.
	 */
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

/**
 * At most this many different colours of a chart are compared pairwise (the first, in legend
 * order): more than every series a chart draws (50) and every slice of a pie (20), so only a
 * long list of categories each in a colour of its own reaches it.
 */
export const maxComparedColors = 60;

function lower(hex: string): string {
	return hex.toLowerCase();
}

interface CheckContext {
	modes: readonly DrawnColors[];
	distances: ColorDistances;
	suggestions: ColorSuggestions;
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

function markContrastChecks({ suggestions }: CheckContext, drawn: DrawnColors): ColorCheck[] {
	const checks: ColorCheck[] = [];
	for (const mark of uniqueMarks(drawn.marks)) {
		const ratio = contrastRatio(mark.color, drawn.background);
		if (ratio >= graphicContrastMinimum) continue;
		const fix = mark.settable ? suggestions.for(mark.name, mark.color, "lightness") : null;
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

function uniqueMarks(marks: readonly DrawnMark[]): DrawnMark[] {
	const seen = new Set<string>();
	return marks.filter((mark) => !seen.has(mark.name) && seen.add(mark.name));
}

/**
 * The pairs of marks whose colours a check compares: one pair per two different colours (the
 * first mark drawn in each, in legend order), among the first `maxComparedColors` colours. A
 * confusion is between colours, so marks that repeat a colour add no comparison; two series in
 * the same colour are a finding of their own (`sameColorPairs`).
 */
export function comparedPairs(marks: readonly DrawnMark[]): [DrawnMark, DrawnMark][] {
	const firstIn = new Map<string, DrawnMark>();
	for (const mark of uniqueMarks(marks)) {
		const color = lower(mark.color);
		if (!firstIn.has(color) && firstIn.size < maxComparedColors) firstIn.set(color, mark);
	}
	const firsts = [...firstIn.values()];
	const pairs: [DrawnMark, DrawnMark][] = [];
	for (let i = 0; i < firsts.length; i++)
		for (let j = i + 1; j < firsts.length; j++) pairs.push([firsts[i] as DrawnMark, firsts[j] as DrawnMark]);
	return pairs;
}

/**
 * Series drawn in the colour of an earlier series: each with the first series in that colour.
 * Slices and categories take the palette's or a highlight's colours and are not series; the
 * colour a highlight gives the series it does not name is shared on purpose.
 */
export function sameColorPairs(marks: readonly DrawnMark[], muted?: string): [DrawnMark, DrawnMark][] {
	const firstIn = new Map<string, DrawnMark>();
	const pairs: [DrawnMark, DrawnMark][] = [];
	for (const mark of uniqueMarks(marks)) {
		const color = lower(mark.color);
		if (!mark.settable || (muted !== undefined && color === lower(muted))) continue;
		const first = firstIn.get(color);
		if (first) pairs.push([first, mark]);
		else firstIn.set(color, mark);
	}
	return pairs;
}

/** The mark of a pair to recolour: the later one (the earlier keeps the colour the reader meets first), else the earlier. */
function recoloured([a, b]: [DrawnMark, DrawnMark]): DrawnMark | null {
	return b.settable ? b : a.settable ? a : null;
}

function pairSuggestion({ suggestions }: CheckContext, pair: [DrawnMark, DrawnMark]): ColorSuggestion | null {
	const target = recoloured(pair);
	const color = target ? suggestions.for(target.name, target.color, "palette") : null;
	return target && color ? { series: target.name, color } : null;
}

/** Pairs of series (or slices) a reader with a colour-vision deficiency is likely to confuse. */
function confusionChecks(context: CheckContext, drawn: DrawnColors): ColorCheck[] {
	const checks: ColorCheck[] = [];
	for (const pair of comparedPairs(drawn.marks)) {
		const [a, b] = pair;
		const close = context.distances.confusion(a.color, b.color);
		if (!close) continue;
		checks.push(
			withSuggestion(
				{
					id: `cvd:${a.name}:${b.name}`,
					level: "warning",
					modes: [drawn.mode],
					message: `${markNoun(a, false)} (${a.color}) and ${quoted(b)} (${b.color}) are hard to tell apart with ${deficiencyPhrase(close.deficiencies)}: ΔE00 ${close.distance.toFixed(1)}, needs ${cvdThreshold}.`,
					colors: [a.color, b.color],
				},
				pairSuggestion(context, pair),
			),
		);
	}
	return checks;
}

/** Two series in one colour: no reader can tell them apart, in the legend or on the chart. */
function sameColorChecks(context: CheckContext, drawn: DrawnColors): ColorCheck[] {
	if (drawn.panels) return [];
	return sameColorPairs(drawn.marks, drawn.muted).map((pair) => {
		const [a, b] = pair;
		return withSuggestion(
			{
				id: `same:${a.name}:${b.name}`,
				level: "warning",
				modes: [drawn.mode],
				message: `series ${quoted(a)} and ${quoted(b)} are drawn in the same colour (${b.color}): no reader can tell them apart.`,
				colors: [a.color, b.color],
			},
			pairSuggestion(context, pair),
		);
	});
}

/** The same pair in several modes (a series' own colours are the same in both) is one check naming them. */
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
		check.id.startsWith("cvd:") || check.id.startsWith("same:")
			? { ...check, message: `In ${check.modes.join(" and ")} mode, ${check.message}` }
			: check,
	);
}

/**
 * Every check of a chart's drawn colours, light before dark; an empty list has nothing to warn
 * about. `distances` counts the pairs of colours worked out (tests read it to see the work bounded).
 */
export function chartColorChecks(modes: readonly DrawnColors[], distances = new ColorDistances()): ColorCheck[] {
	const context: CheckContext = { modes, distances, suggestions: new ColorSuggestions(modes, distances) };
	const contrast = modes.flatMap((drawn) => [...markContrastChecks(context, drawn), ...textContrastChecks(drawn)]);
	const pairs = modes.flatMap((drawn) => [...sameColorChecks(context, drawn), ...confusionChecks(context, drawn)]);
	return [...contrast, ...merged(pairs)];
}

export type { DrawnColors, DrawnMark, DrawnText } from "./drawn-colors";
export type { Deficiency, Mode };
