/**
 * Chart kind → its option builder (one module per family), and the warnings a drawing carries.
 */
import { DrawingNotes } from "./drawing-notes";
import type { Option } from "./frame";
import type { RenderInput } from "./input";
import { optionBuilders } from "./kinds";
import { mapOption, unmatchedRegions } from "./kinds/map";
import { withSettings } from "./settings";

/** A warning names at most 20 regions, each cut to 40 characters, in about 500 bytes once percent-encoded; the rest are counted. */
const namedRegions = 20;
const regionNameLength = 40;
const namedRegionsBytes = 500;

function regionNames(unmatched: readonly string[]): string {
	const named: string[] = [];
	let bytes = 0;
	for (const region of unmatched.slice(0, namedRegions)) {
		const characters = Array.from(region);
		const name = characters.length > regionNameLength ? `${characters.slice(0, regionNameLength).join("")}...` : region;
		bytes += encodeURIComponent(name).length + 6;
		if (named.length > 0 && bytes > namedRegionsBytes) break;
		named.push(name);
	}
	const more = unmatched.length - named.length;
	return `${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

const mappedWithSettings = withSettings(mapOption);

export function chartOption(input: RenderInput, notes = new DrawingNotes()): Option {
	return input.kind === "map" ? mappedWithSettings(input, notes) : optionBuilders[input.kind](input, notes);
}

/** What the data shows that the drawing cannot: for maps, regions no base map knows. */
export function dataWarnings(input: RenderInput): string[] {
	if (input.kind !== "map") return [];
	const unmatched = unmatchedRegions(input);
	if (unmatched.length === 0) return [];
	return [`regions not on the map: ${regionNames(unmatched)}`];
}
