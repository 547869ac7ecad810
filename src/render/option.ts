/**
 * Chart kind → its option builder (one module per family), and the warnings a drawing carries.
 */
import type { Option } from "./frame";
import type { RenderInput } from "./input";
import { optionBuilders } from "./kinds";
import { mapOption, unmatchedRegions } from "./kinds/map";

export function chartOption(input: RenderInput): Option {
	return input.kind === "map" ? mapOption(input) : optionBuilders[input.kind](input);
}

/** What a drawing shows imperfectly, for the `X-Render-Warnings` header. */
export function renderWarnings(input: RenderInput): string[] {
	if (input.kind !== "map") return [];
	const unmatched = unmatchedRegions(input);
	return unmatched.length === 0
		? []
		: [`regions not on the map: ${unmatched.slice(0, 20).join(", ")}${unmatched.length > 20 ? ", …" : ""}`];
}
