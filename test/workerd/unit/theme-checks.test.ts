import { describe, expect, it } from "vitest";
import { ciede2000, contrastRatio, cvdThreshold, formatRatio, rgbToLab, simulate, themeChecks } from "../../../src/domain/theme-checks";
import { builtInThemes, type ThemeDefinition } from "../../../src/domain/themes";

const classic = builtInThemes[0]?.definition as ThemeDefinition;

function withColors(light: Partial<ThemeDefinition["colors"]["light"]>, dark: Partial<ThemeDefinition["colors"]["dark"]> = {}) {
	return { colors: { light: { ...classic.colors.light, ...light }, dark: { ...classic.colors.dark, ...dark } } };
}

describe("contrastRatio (WCAG 2.x)", () => {
	it("matches known values", () => {
		expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
		expect(contrastRatio("#fff", "#fff")).toBeCloseTo(1, 5);
		// The classic near-miss: #777 on white is 4.48:1, under AA's 4.5.
		expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
		expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
		// Symmetric in foreground and background.
		expect(contrastRatio("#0072B2", "#ffffff")).toBeCloseTo(contrastRatio("#ffffff", "#0072B2"), 10);
	});

	it("composites a translucent foreground over the background", () => {
		expect(contrastRatio("#00000000", "#ffffff")).toBeCloseTo(1, 5);
		expect(contrastRatio("#000000ff", "#ffffff")).toBeCloseTo(21, 5);
	});

	it("never rounds a failing ratio up to a passing one", () => {
		expect(formatRatio(4.4999)).toBe("4.49:1");
		expect(formatRatio(contrastRatio("#777", "#fff"))).toBe("4.47:1"); // 4.478…
		expect(formatRatio(3)).toBe("3:1");
	});
});

describe("ciede2000 (Sharma, Wu & Dalal 2005 test data)", () => {
	const pairs: [readonly [number, number, number], readonly [number, number, number], number][] = [
		[[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
		[[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
		[[50, 2.8361, -74.02], [50, 0, -82.7485], 3.4412],
		[[50, 0, 0], [50, -1, 2], 2.3669],
		[[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
		[[50, 2.5, 0], [73, 25, -18], 27.1492],
		[[50, 2.5, 0], [50, 3.1736, 0.5854], 1.0],
		[[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
		[[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
		[[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
	];
	for (const [a, b, expected] of pairs) {
		it(`ΔE00(${a.join(", ")}; ${b.join(", ")}) = ${expected}`, () => {
			expect(ciede2000(a, b)).toBeCloseTo(expected, 4);
			expect(ciede2000(b, a)).toBeCloseTo(expected, 4);
		});
	}
});

describe("colour conversions", () => {
	it("maps sRGB white and black to L* 100 and 0", () => {
		const white = rgbToLab([255, 255, 255]);
		expect(white[0]).toBeCloseTo(100, 2);
		expect(Math.abs(white[1])).toBeLessThan(0.01);
		expect(rgbToLab([0, 0, 0])[0]).toBeCloseTo(0, 5);
	});

	it("simulates dichromacy with Machado's matrices: greys stay grey, red and green collapse for deuteranopes", () => {
		const grey = simulate([128, 128, 128], "deuteranopia");
		for (const channel of grey) expect(channel).toBeCloseTo(128, 0);
		const red = rgbToLab(simulate([213, 94, 0], "deuteranopia"));
		const green = rgbToLab(simulate([0, 158, 115], "deuteranopia"));
		expect(ciede2000(rgbToLab([213, 94, 0]), rgbToLab([0, 158, 115]))).toBeGreaterThan(40);
		expect(ciede2000(red, green)).toBeLessThan(ciede2000(rgbToLab([213, 94, 0]), rgbToLab([0, 158, 115])));
	});
});

describe("themeChecks", () => {
	it("has no contrast warnings for the built-in Classic neutrals", () => {
		expect(themeChecks(classic).filter((check) => check.id.startsWith("contrast:") && !check.id.includes(":palette:"))).toEqual([]);
	});

	it("warns about muted text under 4.5:1 in the mode it is in, with both colours and a plain message", () => {
		const checks = themeChecks(withColors({}, { mutedText: "#555b63" }));
		const muted = checks.find((check) => check.id === "contrast:dark:mutedText");
		expect(muted).toEqual({
			id: "contrast:dark:mutedText",
			level: "warning",
			message: `Muted text is ${formatRatio(contrastRatio("#555b63", "#15181d"))} on the dark background; needs 4.5:1.`,
			colors: ["#555b63", "#15181d"],
		});
		expect(checks.some((check) => check.id === "contrast:light:mutedText")).toBe(false);
	});

	it("warns about text at 4.48:1 (#777 on white) but not at 4.54:1 (#767676)", () => {
		expect(themeChecks(withColors({ text: "#777777" })).map((c) => c.id)).toContain("contrast:light:text");
		expect(themeChecks(withColors({ text: "#767676" })).map((c) => c.id)).not.toContain("contrast:light:text");
	});

	it("holds the axis and palette colours to 3:1", () => {
		const ids = themeChecks(withColors({ axis: "#a0a0a0", palette: ["#0072B2", "#ffff00", "#D55E00"] })).map((c) => c.id);
		expect(ids).toContain("contrast:light:axis"); // #a0a0a0 on white ≈ 2.6:1
		expect(ids).toContain("contrast:light:palette:1"); // yellow on white ≈ 1.07:1
		expect(ids).not.toContain("contrast:light:palette:0");
		expect(themeChecks(withColors({ axis: "#949494" })).map((c) => c.id)).not.toContain("contrast:light:axis"); // ≈ 3.03:1
	});

	it("flags red and green that deuteranopes and protanopes confuse, and leaves blue/orange alone", () => {
		const checks = themeChecks(withColors({ palette: ["#d62728", "#2ca02c", "#1f3fbf"] }));
		const pair = checks.find((check) => check.id === "cvd:light:0:1");
		expect(pair?.message).toMatch(/hard to tell apart with .*deuteranopia/);
		expect(pair?.colors).toEqual(["#d62728", "#2ca02c"]);
		const safe = themeChecks(withColors({ palette: ["#0072B2", "#E69F00", "#000000"] }));
		expect(safe.filter((check) => check.id.startsWith("cvd:light"))).toEqual([]);
	});

	it("reports a pair only under the threshold", () => {
		const checks = themeChecks(withColors({ palette: ["#0072B2", "#0072B2", "#D55E00"] }));
		const same = checks.find((check) => check.id === "cvd:light:0:1");
		expect(same?.message).toContain(`ΔE00 0.0, needs ${cvdThreshold}`);
	});
});
