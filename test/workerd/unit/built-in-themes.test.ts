/**
 * Our defaults pass our own checks: the studio showed 3–8 accessibility
 * warnings on every built-in theme, the default included.
 */
import { describe, expect, it } from "vitest";
import { themeChecks } from "../../../src/domain/theme-checks";
import { builtInThemes } from "../../../src/domain/themes";

describe("built-in themes", () => {
	for (const theme of builtInThemes) {
		it(`${theme.definition.name} has no accessibility warnings`, () => {
			expect(themeChecks(theme.definition).map((check) => check.message)).toEqual([]);
		});
	}
});
