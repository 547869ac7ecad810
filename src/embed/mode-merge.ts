/**
 * One drawing per width class for both modes (docs/design.md#d38): a chart's light and dark drawings
 * are laid out identically and differ only in colours, so the page keeps the light drawing and
 * gives each shape whose colours differ a class whose dark colours the page's CSS applies in
 * dark mode (a CSS rule outranks an SVG presentation attribute). That halves the page: a map's
 * base map, a long line's path data, once instead of twice. Any other difference between the
 * two (a text, a shape, an attribute that is not a colour) answers null, and the page keeps
 * both drawings as before.
 */

/** One drawing of the chart, laid out for a frame at least `width` CSS px wide (D38). */
export interface WidthDrawing {
	width: number;
	svg: string;
}

/** The attributes a mode may change, all of them CSS properties too. */
const colourAttributes: ReadonlySet<string> = new Set(["fill", "stroke", "stop-color", "fill-opacity", "stroke-opacity", "opacity"]);

/**
 * The values a dark colour may take to become a CSS declaration: a hex colour, `rgb()`/`rgba()`,
 * a number (opacities), `none` or a reference to the drawing's own gradient. Anything else keeps
 * both drawings rather than writing something CSS could misread.
 */
const cssValue = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d.,\s%]+\)|[\d.]+|none|transparent|url\(#zr\d+-[\w-]+\))$/;

export interface MergedDrawings {
	drawings: WidthDrawing[];
	/** Class name → the CSS declarations of its dark colours, e.g. `d3` → `fill:#15181d`. */
	darkClasses: Map<string, string>;
}

/**
 * ECharts numbers each chart's ids (`zr12-c0` for a clip path, `zr12-g1` for a gradient): the
 * dark drawing's are renamed to the light one's, so the two compare equal.
 */
function sameIds(light: string, dark: string): string {
	const lightId = /zr(\d+)-/.exec(light)?.[1];
	const darkId = /zr(\d+)-/.exec(dark)?.[1];
	return lightId === undefined || darkId === undefined ? dark : dark.replaceAll(`zr${darkId}-`, `zr${lightId}-`);
}

/**
 * ECharts' server-side hover styles: a `<style>` of `.zr3-cls-2:hover` rules (each in the
 * drawing's mode's colours) and the per-shape classes they hook into. The page's client draws
 * its own highlight, so they go: the page gets smaller and the modes comparable.
 */
function withoutHoverStyles(svg: string): string {
	return svg.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "").replace(/ class="zr\d+-cls-\d+"/g, "");
}

const tokens = (svg: string) => svg.match(/<[^>]*>|[^<]+/g) ?? [];
const attributesOf = (tag: string) => [...tag.matchAll(/\s([^\s=/>]+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string] as const);
const tagName = (tag: string) => /^<\/?([^\s/>]+)/.exec(tag)?.[1] ?? "";

/** A light tag with its dark colours' class added, or null if the two differ in more than colours. */
function mergedTag(light: string, dark: string, classFor: (declarations: string) => string): string | null {
	if (!light.startsWith("<") || tagName(light) !== tagName(dark)) return null;
	const lightAttributes = attributesOf(light);
	const darkAttributes = attributesOf(dark);
	if (lightAttributes.length !== darkAttributes.length) return null;
	const declarations: string[] = [];
	for (const [i, [name, value]] of lightAttributes.entries()) {
		const [darkName, darkValue] = darkAttributes[i] as readonly [string, string];
		if (darkName !== name) return null;
		if (darkValue === value) continue;
		if (!colourAttributes.has(name) || !cssValue.test(darkValue)) return null;
		declarations.push(`${name}:${darkValue}`);
	}
	if (declarations.length === 0) return null;
	const name = classFor(declarations.join(";"));
	const existing = / class="([^"]*)"/.exec(light);
	if (existing) return light.replace(existing[0], ` class="${existing[1]} ${name}"`);
	return light.replace(/\s*(\/?)>$/, ` class="${name}"$1>`);
}

function mergeOne(light: string, dark: string, classFor: (declarations: string) => string): string | null {
	const lightTokens = tokens(withoutHoverStyles(light));
	const darkTokens = tokens(withoutHoverStyles(sameIds(light, dark)));
	if (lightTokens.length !== darkTokens.length) return null;
	const merged: string[] = [];
	for (const [i, token] of lightTokens.entries()) {
		const other = darkTokens[i] as string;
		if (token === other) {
			merged.push(token);
			continue;
		}
		const tag = mergedTag(token, other, classFor);
		if (tag === null) return null;
		merged.push(tag);
	}
	return merged.join("");
}

/** The page's drawings, once per width class, or null when a class's two drawings differ in more than colours. */
export function mergeModes(light: readonly WidthDrawing[], dark: readonly WidthDrawing[]): MergedDrawings | null {
	if (light.length !== dark.length) return null;
	const classes = new Map<string, string>();
	const classFor = (declarations: string) => {
		let name = classes.get(declarations);
		if (!name) {
			name = `d${classes.size}`;
			classes.set(declarations, name);
		}
		return name;
	};
	const drawings: WidthDrawing[] = [];
	for (const [i, drawing] of light.entries()) {
		const other = dark[i];
		if (!other || other.width !== drawing.width) return null;
		const svg = mergeOne(drawing.svg, other.svg, classFor);
		if (svg === null) return null;
		drawings.push({ width: drawing.width, svg });
	}
	return { drawings, darkClasses: new Map([...classes].map(([declarations, name]) => [name, declarations])) };
}
