/**
 * Chart kind → its option builder (one module per family), and the warnings a drawing carries.
 */
import { DrawingNotes } from "./drawing-notes";
import type { Option } from "./frame";
import type { RenderInput } from "./input";
import { optionBuilders } from "./kinds";
import { mapOption, unmatchedRegions } from "./kinds/map";

/** Regions named in a warning; the rest are counted. */
const namedRegions = 20;

export function chartOption(input: RenderInput, notes = new DrawingNotes()): Option {
	return input.kind === "map" ? mapOption(input) : optionBuilders[input.kind](input, notes);
}

/** What the data shows that the drawing cannot: for maps, regions no base map knows. */
export function dataWarnings(input: RenderInput): string[] {
	if (input.kind !== "map") return [];
	const unmatched = unmatchedRegions(input);
	if (unmatched.length === 0) return [];
	const more = unmatched.length - namedRegions;
	return [`regions not on the map: ${unmatched.slice(0, namedRegions).join(", ")}${more > 0 ? ` and ${more} more` : ""}`];
}
