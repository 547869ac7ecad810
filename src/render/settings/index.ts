/**
 * The chart settings of `meta` applied to what an option builder made, in one place shared by
 * the server (SVG, PNG, PDF) and the embed page's client, so every output draws them alike.
 * Order matters: series take their display names before labels name them, and axes take their
 * scale before annotations are placed on them.
 */
import { DrawingNotes } from "../drawing-notes";
import type { Option } from "../frame";
import type { RenderInput } from "../input";
import { applyAnnotations } from "./annotations";
import { applyAxes } from "./axes";
import { applyDateLocale } from "./dates";
import { applyLabels } from "./labels";
import { applyNumberFormat } from "./numbers";
import { applySeriesLook } from "./series-look";

export type Builder = (input: RenderInput, notes?: DrawingNotes) => Option;

export function applySettings(option: Option, input: RenderInput, notes: DrawingNotes): Option {
	let next = applyAxes(option, input, notes);
	next = applyNumberFormat(next, input);
	next = applySeriesLook(next, input, notes);
	next = applyLabels(next, input);
	next = applyDateLocale(next, input);
	return applyAnnotations(next, input, notes);
}

/** A builder that draws the chart's settings too. */
export function withSettings(build: Builder): Builder {
	return (input, notes = new DrawingNotes()) => applySettings(build(input, notes), input, notes);
}
