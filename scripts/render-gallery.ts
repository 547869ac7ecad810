/**
 * `npm run render:gallery`: draws every kind the renderer supports, in light and dark, from the
 * documented layout examples (and a library-backed line chart), into `gallery/` (git-ignored)
 * with an index page, so a person can look at them.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { parseCsv } from "../src/domain/csv-parse.ts";
import { chartKinds } from "../src/domain/kinds.ts";
import { layoutExamples } from "../src/domain/layout-examples.ts";
import { seriesForLayout } from "../src/domain/layouts.ts";
import type { Meta } from "../src/domain/meta.ts";
import { builtInThemes } from "../src/domain/themes.ts";
import { canDraw } from "../src/render/option.ts";
import { renderSvg } from "../src/render/svg.ts";

const variants: Partial<Record<string, Meta>> = {
	line: { stack: "none", area: false },
	"horizontal-bar": { stack: "stacked" },
	pie: { donut: true },
};

await mkdir("gallery", { recursive: true });
const entries: string[] = [];
for (const kind of chartKinds) {
	if (!canDraw(kind)) continue;
	const dataset = parseCsv(layoutExamples[kind].csv);
	for (const mode of ["light", "dark"] as const) {
		const meta: Meta = {
			title: `${kind} chart: a title long enough to need room`,
			subtitle: "A subtitle that says what the numbers are",
			sourceText: "Source: charts service gallery",
			...variants[kind],
		};
		const svg = renderSvg({
			kind,
			dataset,
			seriesNames: seriesForLayout(kind, dataset),
			meta,
			theme: (builtInThemes[0] as (typeof builtInThemes)[number]).definition,
			mode,
			width: 800,
			height: 500,
			transparent: false,
			fromStatistics: false,
		});
		const file = `${kind}-${mode}.svg`;
		await writeFile(`gallery/${file}`, svg);
		entries.push(`<figure><img src="${file}" width="400"><figcaption>${kind} · ${mode}</figcaption></figure>`);
	}
}
await writeFile(
	"gallery/index.html",
	`<!doctype html><meta charset="utf-8"><title>Chart gallery</title><body style="display:flex;flex-wrap:wrap;gap:12px;font:14px sans-serif">${entries.join("\n")}</body>`,
);
console.log(`wrote ${entries.length} charts to gallery/ (open gallery/index.html)`);
