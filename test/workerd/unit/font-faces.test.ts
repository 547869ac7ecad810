/**
 * Exports load only the uploaded faces they draw: a drawing asks for the weights
 * `drawnWeights` names, upright, and no other (checked on every kind's example, with a title,
 * subtitle and source line), so `facesDrawn` picks at most one file per weight from a family of 25.
 */
import { describe, expect, it } from "vitest";
import type { StoredFont } from "../../../src/db/fonts";
import { parseCsv } from "../../../src/domain/csv-parse";
import type { ChartKind } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { seriesForLayout } from "../../../src/domain/layouts";
import { builtInThemes } from "../../../src/domain/themes";
import { drawSvg } from "../../../src/render/svg";
import { drawnWeights, facesDrawn, textFont } from "../../../src/render/uploaded-fonts";
import { fontsForThemeFrom } from "../../../src/services/theme-fonts";

describe("the faces a drawing uses", () => {
	it("every kind's text asks only for the drawn weights, upright, in every built-in theme", () => {
		for (const { definition: theme } of builtInThemes) {
			for (const [kind, example] of Object.entries(layoutExamples) as [ChartKind, (typeof layoutExamples)[ChartKind]][]) {
				const dataset = parseCsv(example.csv);
				const { svg } = drawSvg({
					kind,
					dataset,
					seriesNames: seriesForLayout(kind, dataset),
					meta: { title: "A title", subtitle: "A subtitle", sourceText: "A source", notes: "A note", byline: "A byline" },
					theme,
					mode: "light",
					width: 800,
					height: 500,
					transparent: false,
					fromStatistics: false,
				});
				const allowed = drawnWeights(theme.fonts.titleWeight);
				for (const [, attributes = ""] of svg.matchAll(/<text([^>]*)>/g)) {
					const font = textFont(attributes);
					if (!font) continue;
					expect(allowed, `${kind}: ${attributes}`).toContain(font.weight);
					expect(font.italic, `${kind}: ${attributes}`).toBe(false);
				}
			}
		}
	});

	it("of a family of 25 files, an export keys and loads one per drawn weight", () => {
		const faces: StoredFont[] = [];
		for (let weight = 100; weight <= 900; weight += 100)
			for (const style of ["normal", "italic"] as const)
				faces.push({
					id: `fn_${weight}${style}`,
					family: "Brand",
					style,
					weight,
					scripts: [],
					format: "ttf",
					byteSize: 4_000_000,
					r2Key: "",
					createdAt: 0,
				});
		faces.push(...Array.from({ length: 7 }, (_, i) => ({ ...(faces[6] as StoredFont), id: `fn_dup${i}` })));
		const theme = { ...(builtInThemes[0]?.definition as (typeof builtInThemes)[number]["definition"]) };
		const chosen = fontsForThemeFrom(faces, { ...theme, fonts: { ...theme.fonts, family: "Brand, Inter", titleWeight: 500 } });
		expect(chosen.map((font) => `${font.weight} ${font.style}`).sort()).toEqual(["400 normal", "500 normal", "600 normal", "700 normal"]);
		expect(facesDrawn(faces, "Other, Brand", 700)).toHaveLength(3);
		expect(facesDrawn(faces, "Other", 700)).toEqual([]);
	});
});
