/**
 * What the theme studio works with: the console theme routes' answers (D33) and the small pure
 * edits the studio makes to a definition. Checks are the API's own `themeChecks`, run here too so
 * they update as the person types.
 */
import type { ThemeCheck } from "../../../domain/theme-checks";
import type { ThemeDefinition } from "../../../domain/themes";

export type { ThemeCheck, ThemeDefinition };
export type ModeName = "light" | "dark";
export type ModeColors = ThemeDefinition["colors"]["light"];

export interface ThemeFacts {
	id: string;
	builtIn: boolean;
	isDefault: boolean;
	chartCount: number;
	checks: ThemeCheck[];
}

/** One row of `GET /console/api/themes`. */
export interface ThemeListItem extends ThemeFacts {
	name: string;
	definition: ThemeDefinition;
}

/** `GET`/`PATCH /console/api/themes/{id}`: the definition's fields and the facts side by side. */
export type ConsoleTheme = ThemeDefinition & ThemeFacts;

export function definitionOf(theme: ConsoleTheme): ThemeDefinition {
	const { id: _id, builtIn: _builtIn, isDefault: _isDefault, chartCount: _chartCount, checks: _checks, ...definition } = theme;
	return definition;
}

export const colorFields: { key: Exclude<keyof ModeColors, "palette">; label: string; hint: string }[] = [
	{ key: "background", label: "Background", hint: "behind the chart" },
	{ key: "surface", label: "Surface", hint: "tooltips, table headers" },
	{ key: "text", label: "Text", hint: "titles and labels" },
	{ key: "mutedText", label: "Muted text", hint: "subtitles, notes, source" },
	{ key: "grid", label: "Grid", hint: "grid lines" },
	{ key: "axis", label: "Axis", hint: "axis lines and ticks" },
];

export const paletteLimits = { min: 3, max: 24 } as const;

export function isHexColor(value: string): boolean {
	return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value);
}

/** `<input type="color">` takes only `#rrggbb`: expand `#rgb` and drop an alpha. */
export function pickerValue(hex: string): string {
	if (!isHexColor(hex)) return "#000000";
	const digits = hex.slice(1);
	if (digits.length === 3) return `#${[...digits].map((d) => d + d).join("")}`.toLowerCase();
	return `#${digits.slice(0, 6)}`.toLowerCase();
}

export function withModeColors(definition: ThemeDefinition, mode: ModeName, colors: Partial<ModeColors>): ThemeDefinition {
	return { ...definition, colors: { ...definition.colors, [mode]: { ...definition.colors[mode], ...colors } } };
}

/** Moves palette colour `from` to `to` (both in range). */
export function movedPalette(palette: readonly string[], from: number, to: number): string[] {
	const next = [...palette];
	const [moved] = next.splice(from, 1);
	if (moved !== undefined) next.splice(to, 0, moved);
	return next;
}

/** A colour for a new palette entry: one the palette does not have yet, from a colour-blind-safe set. */
export function nextPaletteColor(palette: readonly string[]): string {
	const candidates = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#332288", "#882255", "#44AA99"];
	const used = new Set(palette.map((c) => c.toLowerCase()));
	return candidates.find((c) => !used.has(c.toLowerCase())) ?? "#777777";
}

/** The families a theme can name: the bundled ones, then the workspace's uploaded ones. */
export const bundledFamilies = ["Inter", "DejaVu Sans"] as const;
