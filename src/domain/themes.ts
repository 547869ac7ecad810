/**
 * Themes (docs/contract.md#section-2-8, docs/design.md#d20): the definition schema shared by the admin CLI's import and
 * the renderer, and the built-in themes every workspace can use.
 *
 * A theme carries colours for light and dark mode, fonts, surfaces and an optional logo.
 * Every built-in palette is colour-blind safe (Okabe–Ito, Paul Tol's bright/muted/light,
 * and IBM's design palette).
 */
import { z } from "zod";
import { jsonLimitProblem, nestsDeeperThan } from "./json-limits";
import { maxMetaBytes, maxMetaDepth } from "./meta";

const Color = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, "must be a hex colour like #1a2b3c");

export const ModeColors = z.strictObject({
	/** Page behind the chart. */
	background: Color,
	/** Panels, tooltips and table headers. */
	surface: Color,
	text: Color,
	mutedText: Color,
	grid: Color,
	axis: Color,
	/** Series colours in order; reused cyclically when a chart has more series. */
	palette: z.array(Color).min(3, "at least 3 colours").max(24, "at most 24 colours"),
});

export const ThemeDefinition = z.strictObject({
	name: z.string().trim().min(1).max(100),
	colors: z.strictObject({ light: ModeColors, dark: ModeColors }),
	fonts: z.strictObject({
		family: z
			.string()
			.min(1)
			.max(200)
			.regex(/^[A-Za-z0-9 ,'-]+$/, "letters, digits, spaces, commas, hyphens and single quotes only, e.g. Inter or 'Source Sans 3'"),
		titleSize: z.number().min(8).max(72),
		bodySize: z.number().min(6).max(48),
		titleWeight: z.union([z.literal(400), z.literal(500), z.literal(600), z.literal(700)]),
	}),
	surfaces: z.strictObject({
		padding: z.number().min(0).max(200),
		cornerRadius: z.number().min(0).max(50),
		gridLines: z.enum(["none", "horizontal", "vertical", "both"]),
	}),
	/** Only a data URI: renders never fetch URLs. */
	logo: z
		.strictObject({
			dataUri: z
				.string()
				.max(512 * 1024, "at most 512 KiB")
				.regex(/^data:image\/(?:png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/, "must be a base64 PNG, JPEG or SVG data URI"),
			width: z.number().min(8).max(400),
			position: z.enum(["top-right", "bottom-right", "bottom-left"]),
		})
		.optional(),
});
export type ThemeDefinition = z.infer<typeof ThemeDefinition>;

/**
 * D24 on theme writes, the same limits as a chart's `meta`: 64 KiB serialised and 20 levels. The
 * logo's data URI is left out of the size: it has its own cap (512 KiB) and a definition without
 * it is a few KiB at most, so the size limit only ever stops junk sent beside the definition.
 */
export const themeJsonLimits = { maxBytes: maxMetaBytes, maxDepth: maxMetaDepth } as const;

/** A shallow copy of a theme (or a patch of one) with the logo's data URI emptied, to measure the rest. */
function withoutLogoData(value: unknown): unknown {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
	const logo = (value as { logo?: unknown }).logo;
	if (typeof logo !== "object" || logo === null || typeof (logo as { dataUri?: unknown }).dataUri !== "string") return value;
	return { ...value, logo: { ...logo, dataUri: "" } };
}

/** What puts a theme write (a whole definition or a merge patch) past D24, as a phrase; null when within. */
export function themeLimitProblem(value: unknown): string | null {
	// Depth on the value as sent: the copy below is shallow, but the walk must see every level.
	if (nestsDeeperThan(value, themeJsonLimits.maxDepth)) return jsonLimitProblem(value, themeJsonLimits);
	return jsonLimitProblem(withoutLogoData(value), themeJsonLimits);
}

export function checkThemeLimits(value: unknown, ctx: z.RefinementCtx): void {
	const problem = themeLimitProblem(value);
	if (problem) ctx.addIssue({ code: "custom", message: problem });
}

/**
 * A definition as a caller writes it (console create, admin CLI import). The limits are checked on
 * the body as sent, before the shape: the definition is a strict object, whose parsed value no
 * longer holds the unknown keys where oversized or deep junk would sit.
 */
export const ThemeWrite = z.preprocess((value, ctx) => {
	const problem = themeLimitProblem(value);
	if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
	return value;
}, ThemeDefinition);

const baseFonts = { family: "Inter", titleSize: 18, bodySize: 12, titleWeight: 600 } as const;
const baseSurfaces = { padding: 16, cornerRadius: 0, gridLines: "horizontal" } as const;

function lightColors(palette: string[]) {
	return {
		background: "#ffffff",
		surface: "#f5f6f8",
		text: "#1b1f24",
		mutedText: "#5b6470",
		grid: "#e3e6ea",
		axis: "#8a939e",
		palette,
	};
}

function darkColors(palette: string[]) {
	return {
		background: "#15181d",
		surface: "#20252c",
		text: "#eef1f4",
		mutedText: "#a3acb7",
		grid: "#2e353e",
		axis: "#6f7986",
		palette,
	};
}

export interface BuiltInTheme {
	id: string;
	definition: ThemeDefinition;
}

/**
 * The built-in themes pass the studio's own accessibility checks (theme-checks.ts): every palette colour is 3:1 or more on its background (WCAG 1.4.11) and no two are closer
 * than ΔE00 10 for protan, deutan or tritan readers. The published palettes they start from were
 * made for colour-blind readers but not for contrast on white: colours under 3:1 are darkened
 * (light) or lightened (dark) just enough, a colour that then came too close to another is
 * shifted a little further, and the pale ones that could not be kept (Okabe–Ito's sky blue and
 * yellow, Tol's greys and sand on white) are left out. test/workerd/unit/built-in-themes.test.ts holds it.
 */
export const builtInThemes: readonly BuiltInTheme[] = [
	{
		id: "classic",
		definition: {
			name: "Classic (Okabe–Ito)",
			colors: {
				light: lightColors(["#0072B2", "#C68900", "#009E73", "#B34F00", "#AB668C", "#000000"]),
				dark: darkColors(["#56B4E9", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#0072B2", "#F0E442", "#FFFFFF"]),
			},
			fonts: baseFonts,
			surfaces: baseSurfaces,
		},
	},
	{
		id: "newsroom",
		definition: {
			name: "Newsroom (Tol bright)",
			colors: {
				light: lightColors(["#4477AA", "#EE6677", "#1D722B", "#A39636", "#4F9DB7", "#AA3377"]),
				dark: darkColors(["#66CCEE", "#EE6677", "#228833", "#CCBB44", "#628DB8", "#AC377A", "#BBBBBB"]),
			},
			fonts: { ...baseFonts, titleSize: 20, titleWeight: 700 },
			surfaces: { ...baseSurfaces, padding: 20 },
		},
	},
	{
		id: "contrast",
		definition: {
			name: "High contrast (IBM)",
			colors: {
				light: lightColors(["#648FFF", "#6E56DD", "#DC267F", "#983A00", "#C48800"]),
				dark: darkColors(["#648FFF", "#6E56DD", "#DC267F", "#FE7A29", "#FFC33D"]),
			},
			fonts: { ...baseFonts, bodySize: 13, titleWeight: 700 },
			surfaces: { ...baseSurfaces, gridLines: "both" },
		},
	},
	{
		id: "minimal",
		definition: {
			name: "Minimal (Tol muted)",
			colors: {
				light: lightColors(["#332288", "#679BB5", "#317C70", "#0E642B", "#999933", "#882255", "#AA4499"]),
				dark: darkColors(["#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#348E74", "#7F8B23", "#E8E8E8"]),
			},
			fonts: { ...baseFonts, titleWeight: 500 },
			surfaces: { ...baseSurfaces, padding: 12, gridLines: "none" },
		},
	},
];

/** The theme a chart without `meta.theme` uses when its workspace has no default of its own. */
export const defaultBuiltInThemeId = "classic";

export function findBuiltInTheme(id: string): BuiltInTheme | undefined {
	return builtInThemes.find((theme) => theme.id === id);
}
