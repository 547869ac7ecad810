/**
 * One drawing per width class for both modes (`src/embed/mode-merge.ts`): colours that differ
 * become classes the page's CSS colours in dark mode; anything else that differs keeps both.
 */
import { describe, expect, it } from "vitest";
import { mergeModes } from "../../../src/embed/mode-merge";

const drawing = (width: number, background: string, text: string, line: string, id = 1) => ({
	width,
	svg:
		`<svg viewBox="0 0 ${width} 100"><style >\n<![CDATA[.zr${id}-cls-0:hover{fill:${line}}]]></style>` +
		`<rect width="${width}" height="100" fill="${background}"></rect>` +
		`<clipPath id="zr${id}-c0"><path d="M0 0L1 1"></path></clipPath>` +
		`<path d="M0 0L10 10" fill="none" stroke="${line}" clip-path="url(#zr${id}-c0)" class="zr${id}-cls-0"></path>` +
		`<text fill="${text}" x="1">Seats</text></svg>`,
});

describe("mergeModes", () => {
	it("keeps the light drawing and names the dark colours by class, shared across width classes", () => {
		const merged = mergeModes(
			[drawing(280, "#ffffff", "#111111", "#0072B2", 1), drawing(800, "#ffffff", "#111111", "#0072B2", 3)],
			[drawing(280, "#15181d", "#eeeeee", "#56B4E9", 2), drawing(800, "#15181d", "#eeeeee", "#56B4E9", 4)],
		);
		expect(merged).not.toBeNull();
		expect(merged?.drawings.map((d) => d.width)).toEqual([280, 800]);
		const [narrow] = merged?.drawings ?? [];
		expect(narrow?.svg).toBe(
			`<svg viewBox="0 0 280 100"><rect width="280" height="100" fill="#ffffff" class="d0"></rect>` +
				`<clipPath id="zr1-c0"><path d="M0 0L1 1"></path></clipPath>` +
				`<path d="M0 0L10 10" fill="none" stroke="#0072B2" clip-path="url(#zr1-c0)" class="d1"></path>` +
				`<text fill="#111111" x="1" class="d2">Seats</text></svg>`,
		);
		expect([...(merged?.darkClasses ?? [])]).toEqual([
			["d0", "fill:#15181d"],
			["d1", "stroke:#56B4E9"],
			["d2", "fill:#eeeeee"],
		]);
		// Each width class keeps its own ids, so the page's ids stay unique.
		expect(merged?.drawings[1]?.svg).toContain('id="zr3-c0"');
	});

	it("keeps both modes' drawings when they differ in more than colours", () => {
		const light = [drawing(280, "#ffffff", "#111111", "#0072B2")];
		const otherText = [{ width: 280, svg: drawing(280, "#15181d", "#eeeeee", "#56B4E9").svg.replace("Seats", "Sitze") }];
		expect(mergeModes(light, otherText)).toBeNull();
		const otherShape = [{ width: 280, svg: drawing(280, "#15181d", "#eeeeee", "#56B4E9").svg.replace("M0 0L10 10", "M0 0L10 12") }];
		expect(mergeModes(light, otherShape)).toBeNull();
		const moreShapes = [
			{ width: 280, svg: drawing(280, "#15181d", "#eeeeee", "#56B4E9").svg.replace("</svg>", '<path d="M1 1"></path></svg>') },
		];
		expect(mergeModes(light, moreShapes)).toBeNull();
		// A colour value that could break out of its CSS rule, or that CSS could misread, is not taken.
		for (const value of ["#15181d}body{x:y", "red/*", "#15181d\\", "var(--x)"]) {
			const hostile = [{ width: 280, svg: drawing(280, value, "#eeeeee", "#56B4E9").svg }];
			expect(mergeModes(light, hostile), value).toBeNull();
		}
		// The values ECharts writes are taken: hex, rgba(), opacities, gradients.
		const usual = [{ width: 280, svg: drawing(280, "rgba(21,24,29,0.5)", "#eeeeee", "url(#zr1-g0)").svg }];
		expect(mergeModes(light, usual)).not.toBeNull();
	});
});
