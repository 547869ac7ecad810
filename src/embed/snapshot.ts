/**
 * What a published snapshot holds, drawn from the chart's render input: the page (the chart in
 * both modes for every width class, D38), `chart.svg`, the PNG preview, `data.json`, and
 * `data.csv` and `tips.json` where the page has them. Drawing only, no I/O: the publish
 * orchestrator (`src/services/publish.ts`) reads what the drawing needs, runs this in an export
 * slot, and stores the files (`snapshot-files.ts` says where).
 */
import type { ChartRecord } from "../domain/chart";
import { embedUrl } from "../domain/chart";
import { chartDescription } from "../render/describe";
import { drawingHeight } from "../render/drawing-height";
import { widthClasses } from "../render/embed-layout";
import { sourceLineBox } from "../render/footer";
import type { RenderInput } from "../render/input";
import { isRace } from "../render/kinds/race";
import { hasTableControls, tablePager } from "../render/kinds/table-page";
import { svgToPng } from "../render/png";
import type { LaidOutChart } from "../render/svg";
import { drawSvg } from "../render/svg";
import { fontFaceCss, fontsUsedBySvg } from "../render/uploaded-fonts";
import { clientPath, hashedClientPath } from "./clients";
import type { WidthDrawing } from "./mode-merge";
import { mergeModes } from "./mode-merge";
import type { DrawnMode } from "./page";
import { embedHtml } from "./page";
import { pageData } from "./page-data";
import { dataCsv, offersDataLink, readerExtrasHtml } from "./reader-extras";
import { bundledFontFaces, fontPath } from "./serve-fonts";
import type { SnapshotFiles } from "./snapshot-files";
import { tipsHash } from "./snapshot-files";
import { tableControlsHtml } from "./table-controls-html";
import { takesLightClient, tipLayout, tipTexts } from "./tips/extract";
import type { CategoryTip, ReaderTips, TipLayout } from "./tips/model";

/** The snapshot's files for `input`, the chart's render input at its own size and mode (no options). */
export async function drawSnapshot(input: RenderInput, chart: ChartRecord, embedBase: string): Promise<SnapshotFiles> {
	const page = embedUrl(embedBase, chart.id);
	// The page holds both modes so it can follow the reader (`auto`, `?mode=`, `charts:mode`),
	// each drawn for every width class (D38); chart.svg, the preview and data.json are the chart
	// at its own size in the mode exports use (light for `auto`).
	const tips = new TipsCollector(input);
	const draw = (drawn: RenderInput) => drawSvg(drawn, true, tips.inspector(drawn)).svg;
	const svg = draw(input);
	const data = pageData(input);
	// A table with search or paging shows its first page as its client will draw it, from the
	// page's data (which leaves hidden columns out, so a sort by one is not applied there either).
	const shown = hasTableControls(input) ? tablePager({ ...input, dataset: data.dataset })("", 0).input : input;
	const drawAt = (mode: DrawnMode): WidthDrawing[] =>
		widthClasses(input).map((width) =>
			width === input.width && mode === input.mode && shown === input && drawingHeight(input, width) === input.height
				? { width, svg }
				: { width, svg: draw({ ...shown, mode, width, height: drawingHeight(input, width) }) },
		);
	const light = drawAt("light");
	const dark = drawAt("dark");
	const svgs = mergeModes(light, dark) ?? { light, dark };
	const sourceUrl = input.meta.sourceUrl;
	// The theme's uploaded fonts as same-origin web fonts (D40), not inlined: the page stays small.
	const fonts = input.fonts ?? [];
	// With the bundled Inter and DejaVu Sans the exports draw with, so the page's text is theirs.
	const fontFaces =
		bundledFontFaces(embedBase) +
		fontFaceCss(
			fonts.length > 0 ? fontsUsedBySvg([...light, ...dark].map((drawing) => drawing.svg).join(""), fonts) : [],
			(font) => `${embedBase}${fontPath(font)}`,
		);
	const readerTips = tips.result();
	const tipsJson = readerTips ? JSON.stringify(readerTips) : null;
	const html = embedHtml({
		title: chart.name,
		heading: input.meta.title,
		description: chartDescription(input),
		mode: chart.meta.mode ?? "light",
		svgs,
		backgrounds: { light: input.theme.colors.light.background, dark: input.theme.colors.dark.background },
		previewUrl: `${page}preview.png`,
		pageUrl: page,
		dataUrl: `${page}data.json`,
		// Named by its content: a page left open across a republish must not take the next version's marks.
		...(tipsJson ? { tipsUrl: `${page}tips.json?h=${await tipsHash(tipsJson)}` } : {}),
		clientUrl: `${embedBase}${readerTips ? hashedClientPath("overlay") : clientPath(chart.kind)}`,
		// A race plays at once; a table's controls are in the page, live before it is drawn.
		interactive: isRace(input) ? "now" : "on-interaction",
		tableControls: tableControlsHtml(input),
		...(fontFaces ? { fontFaces } : {}),
		extras: readerExtrasHtml(input, data, `${page}data.csv`),
		live: Boolean(chart.dataSource) || chart.seriesRefs.length > 0,
		...(sourceUrl && input.meta.sourceText?.trim()
			? { sourceLink: { url: sourceUrl, label: input.meta.sourceText, boxes: sourceBoxes(input) } }
			: {}),
	});
	return {
		"": html,
		"chart.svg": svg,
		// The scalable SVG keeps its pixel width and height, so it rasterises as the export would.
		"preview.png": await svgToPng(svg, 1, fonts),
		// What the page's client draws from: the server's input, cut down to what is drawn (public).
		// What the page's client draws from: the drawn data, not the whole table behind "Get the data".
		"data.json": JSON.stringify({ ...data, table: undefined }),
		...(offersDataLink(input) ? { "data.csv": dataCsv(data) } : {}),
		...(tipsJson ? { "tips.json": tipsJson } : {}),
	};
}

/**
 * Gathers the overlay client's `tips.json` while the page's drawings are made: each width
 * class's geometry from its light drawing (the dark one is laid out the same), the texts once.
 * Answers null for kinds the overlay does not draw, or when any drawing was not understood.
 */
class TipsCollector {
	private readonly drawn = new Map<number, { layout: TipLayout | null; texts: Omit<ReaderTips, "layouts"> | null }>();

	constructor(private readonly input: RenderInput) {}

	inspector(drawn: RenderInput): ((chart: LaidOutChart) => void) | undefined {
		if (!takesLightClient(this.input) || drawn.mode !== "light") return undefined;
		return (chart) => this.drawn.set(drawn.width, { layout: tipLayout(chart, drawn), texts: tipTexts(chart, drawn) });
	}

	result(): ReaderTips | null {
		const classes = widthClasses(this.input).map((width) => ({ width, ...this.drawn.get(width) }));
		if (classes.some((drawn) => !drawn.layout || !drawn.texts)) return null;
		// The texts of the drawing with the most categories (a long line is thinned in narrow ones).
		const count = (texts: Omit<ReaderTips, "layouts"> | null | undefined) => texts?.categories?.length ?? 0;
		const fullest = classes.reduce((best, drawn) => (count(drawn.texts) > count(best.texts) ? drawn : best));
		const texts = fullest.texts as Omit<ReaderTips, "layouts">;
		const layouts: Record<string, TipLayout> = {};
		for (const { width, layout, texts: own } of classes) {
			if (!layout || !own) return null;
			if (count(own) === count(texts)) {
				layouts[width] = layout;
				continue;
			}
			const rows = categoryRows(own.categories ?? [], texts.categories ?? []);
			if (!rows) return null;
			layouts[width] = { ...layout, rows };
		}
		return { ...texts, layouts };
	}
}

/**
 * Where each of a thinned drawing's categories sits among all of them: the thinned ones are a
 * subsequence, matched in order by their header and values. Null if one does not match.
 */
function categoryRows(thinned: readonly CategoryTip[], all: readonly CategoryTip[]): number[] | null {
	const key = (category: CategoryTip) => JSON.stringify([category.header, category.values]);
	const rows: number[] = [];
	let next = 0;
	for (const category of thinned) {
		const wanted = key(category);
		while (next < all.length && key(all[next] as CategoryTip) !== wanted) next++;
		if (next === all.length) return null;
		rows.push(next++);
	}
	return rows;
}

/** Where each width class draws the source line, as fractions of that drawing's size. */
function sourceBoxes(input: RenderInput): { width: number; box: { left: number; top: number; width: number; height: number } }[] {
	return widthClasses(input).flatMap((width) => {
		const height = drawingHeight(input, width);
		const box = sourceLineBox({ ...input, width, height });
		return box
			? [{ width, box: { left: box.left / width, top: box.top / height, width: box.width / width, height: box.height / height } }]
			: [];
	});
}
