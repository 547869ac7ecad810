/**
 * What a chart draws in one mode, as its colour checks read it: its series' marks, its texts and
 * lines, its background and palette. Apart from color-checks.ts so the checks and the
 * suggestions they carry (color-suggestions.ts) both read it without importing each other.
 */
import type { Mode } from "./theme-checks";

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
	/** The colour a highlight gives the series it does not name: sharing it is deliberate, not a finding. */
	muted?: string;
	/** Each series in a titled panel of its own (small multiples): sharing a colour confuses no one. */
	panels?: boolean;
}
