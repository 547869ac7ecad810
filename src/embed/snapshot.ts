/**
 * Published snapshots in R2, immutable per chart version: `embeds/<chart>/v<version>/` holds the
 * page, the SVG, a PNG preview for link unfurls and the data the page's client draws from. The
 * chart row's `published_version` says which one the embed URL shows, so republishing switches
 * every embedding page at once.
 */
import type { ChartRecord } from "../domain/chart";
import { embedUrl } from "../domain/chart";
import { sha256Hex } from "../domain/ids";
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
import type { Services } from "../services/context";
import { exportDataset } from "../services/export-datasets";
import type { ExportMaterials } from "../services/export-key";
import { loadRenderFonts } from "../services/fonts";
import { renderInputFrom } from "../services/render-input";
import { clientPath, hashedClientPath } from "./clients";
import { bundledFontFaces, fontPath } from "./fonts";
import { mergeModes } from "./mode-merge";
import type { DrawnMode, WidthDrawing } from "./page";
import { embedHtml } from "./page";
import { pageData } from "./page-data";
import { dataCsv, offersDataLink, readerExtrasHtml } from "./reader-extras";
import { tableControlsHtml } from "./table-controls-html";
import { takesLightClient, tipLayout, tipTexts } from "./tips/extract";
import type { CategoryTip, ReaderTips, TipLayout } from "./tips/model";

export const snapshotFiles = {
	"": { key: "index.html", contentType: "text/html; charset=utf-8" },
	"chart.svg": { key: "chart.svg", contentType: "image/svg+xml; charset=utf-8" },
	"preview.png": { key: "preview.png", contentType: "image/png" },
	"data.json": { key: "data.json", contentType: "application/json" },
	// Only when `meta.embed.dataLink` is on: the "Get the data" link's CSV.
	"data.csv": { key: "data.csv", contentType: "text/csv; charset=utf-8" },
	// Only for the kinds the overlay client makes interactive: its tooltips and marks (tips/model.ts).
	"tips.json": { key: "tips.json", contentType: "application/json" },
} as const;
export type SnapshotFile = keyof typeof snapshotFiles;

/** The first 16 hex digits of a `tips.json`'s SHA-256: its page names it by them (`tips.json?h=…`). */
export async function tipsHash(tipsJson: string): Promise<string> {
	return (await sha256Hex(tipsJson)).slice(0, 16);
}

export function snapshotKey(chartId: string, version: number, file: SnapshotFile): string {
	return `embeds/${chartId}/v${version}/${snapshotFiles[file].key}`;
}

/** A snapshot's files by name, as stored. */
export type SnapshotFiles = Partial<Record<SnapshotFile, string | Uint8Array>>;

/**
 * Renders the chart as it stands and stores it as the snapshot of `version`; answers the files
 * stored. `materials` are the theme, fonts and data the snapshot's cache key was computed from.
 */
export async function writeSnapshot(
	services: Services,
	chart: ChartRecord,
	version: number,
	materials: ExportMaterials,
): Promise<SnapshotFiles> {
	const [dataset, { fonts: renderFonts }] = await Promise.all([
		exportDataset(services, chart, materials),
		loadRenderFonts(services, materials.fonts),
	]);
	const input = renderInputFrom(chart, {}, dataset, materials.theme, renderFonts);
	const page = embedUrl(services.config.embedBase, chart.id);
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
		(await bundledFontFaces(services.config.embedBase)) +
		fontFaceCss(
			fonts.length > 0 ? fontsUsedBySvg([...light, ...dark].map((drawing) => drawing.svg).join(""), fonts) : [],
			(font) => `${services.config.embedBase}${fontPath(font)}`,
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
		clientUrl: `${services.config.embedBase}${readerTips ? await hashedClientPath("overlay") : await clientPath(chart.kind)}`,
		// A race plays at once; a table's controls are in the page, live before it is drawn.
		interactive: isRace(input) ? "now" : "on-interaction",
		tableControls: tableControlsHtml(input),
		...(fontFaces ? { fontFaces } : {}),
		extras: readerExtrasHtml(input, data, `${page}data.csv`),
		...(sourceUrl && input.meta.sourceText?.trim()
			? { sourceLink: { url: sourceUrl, label: input.meta.sourceText, boxes: sourceBoxes(input) } }
			: {}),
	});
	const files: SnapshotFiles = {
		"": html,
		"chart.svg": svg,
		// The scalable SVG keeps its pixel width and height, so it rasterises as the export would.
		"preview.png": await svgToPng(svg, 1, fonts),
		// What the page's client draws from: the server's input, cut down to what is drawn (public).
		"data.json": JSON.stringify(data),
		...(offersDataLink(input) ? { "data.csv": dataCsv(data) } : {}),
		...(tipsJson ? { "tips.json": tipsJson } : {}),
	};
	await Promise.all(
		Object.entries(files).map(([file, body]) =>
			services.blobs.put(snapshotKey(chart.id, version, file as SnapshotFile), body, {
				httpMetadata: { contentType: snapshotFiles[file as SnapshotFile].contentType },
			}),
		),
	);
	return files;
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

/** Removes every snapshot of a deleted chart. */
export async function deleteSnapshots(services: Services, chartId: string): Promise<void> {
	let cursor: string | undefined;
	do {
		const listed = await services.blobs.list({ prefix: `embeds/${chartId}/`, cursor });
		if (listed.objects.length > 0) await services.blobs.delete(listed.objects.map((o) => o.key));
		cursor = listed.truncated ? listed.cursor : undefined;
	} while (cursor);
}
