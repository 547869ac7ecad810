import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
	definitionOf,
	isHexColor,
	movedPalette,
	nextPaletteColor,
	pickerValue,
	withModeColors,
} from "../../../src/console/screens/themes/theme-model.ts";
import { builtInThemes } from "../../../src/domain/themes.ts";

const classic = builtInThemes[0]?.definition;

describe("theme studio model", () => {
	it("reorders a palette without losing or duplicating colours", () => {
		assert.deepEqual(movedPalette(["#a", "#b", "#c"], 0, 2), ["#b", "#c", "#a"]);
		assert.deepEqual(movedPalette(["#a", "#b", "#c"], 2, 1), ["#a", "#c", "#b"]);
	});

	it("gives the colour picker #rrggbb for every hex form and black for a half-typed one", () => {
		assert.equal(pickerValue("#AbC"), "#aabbcc");
		assert.equal(pickerValue("#11223380"), "#112233");
		assert.equal(pickerValue("#12"), "#000000");
		assert.equal(isHexColor("#12345"), false);
		assert.equal(isHexColor("#123456"), true);
	});

	it("adds a colour the palette does not have yet", () => {
		assert.equal(nextPaletteColor(["#0072b2"]), "#E69F00");
	});

	it("changes one mode's colours only, and strips the API's facts from a theme", () => {
		assert.ok(classic);
		const next = withModeColors(classic, "dark", { text: "#000000" });
		assert.equal(next.colors.dark.text, "#000000");
		assert.equal(next.colors.light.text, classic.colors.light.text);
		const facts = { id: "th_1", builtIn: false, isDefault: true, chartCount: 2, checks: [] };
		assert.deepEqual(definitionOf({ ...classic, ...facts }), classic);
	});
});
