/**
 * The export cache keeps a drawing's warnings as their `X-Render-Warnings` value; the export
 * service reads them back into a list (MCP shows it) and the route encodes that list again, so
 * the value must survive the trip unchanged, a cut one included.
 */
import { describe, expect, it } from "vitest";
import { warningsHeaderValue, warningsOfHeaderValue } from "../../../src/render/warnings-header";

describe("warningsOfHeaderValue", () => {
	it("reads a value back into the warnings it was made from, user text with separators included", () => {
		const warnings = ["regions not on the map: Atlantis; Mu", "no bundled font draws U+4EBA", "100% — «Zürich»"];
		const value = warningsHeaderValue(warnings);
		expect(warningsOfHeaderValue(value)).toEqual(warnings);
		expect(warningsOfHeaderValue(null)).toEqual([]);
	});

	it("gives a cut value's list, its count of what was cut last, which encodes to the same value", () => {
		const warnings = Array.from({ length: 60 }, (_, i) => `series ${i} has values past the axis: ${"x".repeat(20)}`);
		const value = warningsHeaderValue(warnings);
		const list = warningsOfHeaderValue(value);
		expect(list.at(-1)).toMatch(/^\(\+\d+ more\)$/);
		expect(list.length).toBeLessThan(warnings.length);
		expect(warningsHeaderValue(list)).toBe(value);
	});

	it("keeps a single warning cut to fit, and its note, through the trip", () => {
		const value = warningsHeaderValue([`label ${"é".repeat(600)}`, "another"]);
		expect(value).toMatch(/\.\.\.; \(\+2 more\)$/);
		expect(warningsHeaderValue(warningsOfHeaderValue(value))).toBe(value);
	});
});
