import { describe, expect, it } from "vitest";
import { builtInThemes, ThemeWrite, themeLimitProblem } from "../../../src/domain/themes";

const classic = builtInThemes[0]?.definition;

function nested(levels: number): unknown {
	let value: unknown = 1;
	for (let i = 0; i < levels; i++) value = { x: value };
	return value;
}

describe("theme writes under D24 (shared by the console routes and the admin CLI's import)", () => {
	it("refuses a definition nested past 20 levels, without recursing, in meta's words", () => {
		const parsed = ThemeWrite.safeParse({ ...classic, extra: nested(100_000) });
		expect(parsed.success).toBe(false);
		expect(parsed.error?.issues.map((i) => i.message)).toContain(
			"is nested more than 20 levels deep; the limit is 20 levels of objects and arrays",
		);
	});

	it("leaves the logo's data URI out of the 64 KiB (it has its own 512 KiB cap)", () => {
		const logo = { dataUri: `data:image/png;base64,${"A".repeat(300 * 1024)}`, width: 80, position: "top-right" };
		expect(themeLimitProblem({ ...classic, logo })).toBeNull();
		expect(themeLimitProblem({ ...classic, name: "x".repeat(65 * 1024) })).toMatch(/is 65\.\d KiB as JSON; the limit is 64 KiB/);
		expect(themeLimitProblem(nested(20))).toBeNull();
		expect(themeLimitProblem(nested(21))).toMatch(/more than 20 levels/);
	});
});
