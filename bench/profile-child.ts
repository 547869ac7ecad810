/**
 * Where the milliseconds of one export go: each stage of the Worker's own SVG, PNG and PDF code
 * timed on its own, warm (after unmeasured rounds, as in a long-lived isolate), in a Node
 * process bundled the way wrangler bundles the Worker (`profile.ts`). The stages replaced by
 * the leaner path run beside their replacements in the same process, as "before": PNG through
 * resvg's own encoder, PDF with the fonts handed to pdfkit as bytes. Usage: node <bundle> <rounds>.
 */
import { Resvg } from "@resvg/resvg-wasm";
import PDFDocument from "pdfkit";
import SVGtoPDF from "svg-to-pdfkit";
import type { ChartKind } from "../src/domain/kinds.ts";
import { layoutExamples } from "../src/domain/layout-examples.ts";
import { fallbackFamily, fontFiles, primaryFamily } from "../src/render/bundled-fonts.ts";
import { drawableInput } from "../src/render/drawable-text.ts";
import { DrawingNotes } from "../src/render/drawing-notes.ts";
import { echarts } from "../src/render/echarts.ts";
import type { RenderInput } from "../src/render/input.ts";
import { chartOption } from "../src/render/option.ts";
import { prepareSvgForPdf } from "../src/render/pdf.ts";
import { embeddedName, pdfFonts } from "../src/render/pdf-fonts.ts";
import { svgToPng } from "../src/render/png.ts";
import { encodePng } from "../src/render/png-encode.ts";
import { drawSvg } from "../src/render/svg.ts";
import { renderInputFor } from "../test/harness/workerd/render-input.ts";
import { makeCsv } from "./lib/csv.ts";

const rounds = Number(process.argv[2] ?? 10);
const scale = 2;
type Stages = Record<string, number>;

function inputFor(kind: ChartKind, csv: string): RenderInput {
	return drawableInput(renderInputFor({ kind, csv, meta: { title: `Profile: ${kind}` } }));
}

function stopwatch(stages: Stages) {
	let last = performance.now();
	return (name: string) => {
		const now = performance.now();
		stages[name] = (stages[name] ?? 0) + now - last;
		last = now;
	};
}

/** The PDF as pdfkit builds it, with the fonts either parsed once (after) or as bytes (before). */
async function pdfStages(svg: string, parsedFonts: boolean, mark: (name: string) => void, suffix: string): Promise<void> {
	const prepared = prepareSvgForPdf(svg);
	mark(`prepare SVG${suffix}`);
	const fonts = pdfFonts();
	const doc = new PDFDocument({
		size: [800, 500],
		margin: 0,
		compress: true,
		font: (parsedFonts
			? (fonts[0] as (typeof fonts)[number]).font
			: new Uint8Array((fontFiles[0] as (typeof fontFiles)[number]).data)) as unknown as string,
	});
	if (parsedFonts) for (const f of fonts) doc.registerFont(f.name, f.font as unknown as Uint8Array);
	else for (const f of fontFiles) doc.registerFont(embeddedName(f.family, f.weight), f.data);
	mark(`pdfkit document and fonts${suffix}`);
	const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
	doc.on("data", () => {});
	SVGtoPDF(doc, prepared, 0, 0, { width: 800, height: 500, assumePt: true });
	mark(`svg-to-pdfkit (shapes, text layout)${suffix}`);
	doc.end();
	await done;
	mark(`finish (font subsets, deflate)${suffix}`);
}

async function once(input: RenderInput, stages: Stages): Promise<void> {
	const mark = stopwatch(stages);
	const option = chartOption(input, new DrawingNotes());
	mark("SVG: option builder");
	const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: input.width, height: input.height });
	chart.setOption(option);
	mark("SVG: ECharts setOption (layout)");
	chart.renderToSVGString();
	mark("SVG: renderToSVGString");
	chart.dispose();
	const { svg } = drawSvg(input);
	mark("(SVG: drawSvg whole, for the total)");
	const resvg = new Resvg(svg, {
		fitTo: { mode: "zoom", value: scale },
		font: {
			fontBuffers: fontFiles.map((f) => new Uint8Array(f.data)),
			loadSystemFonts: false,
			defaultFontFamily: primaryFamily,
			sansSerifFamily: fallbackFamily,
		},
		textRendering: 1,
		shapeRendering: 2,
	});
	mark("PNG: resvg parse, fonts, text shaping");
	const image = resvg.render();
	mark("PNG: resvg rasterise");
	await encodePng(image.pixels, image.width, image.height);
	mark("PNG: encode, native zlib (after)");
	image.asPng();
	mark("PNG: encode, resvg's encoder (before)");
	image.free();
	resvg.free();
	await pdfStages(svg, true, mark, " (after)");
	await pdfStages(svg, false, mark, " (before)");
	await svgToPng(svg, scale);
	mark("(PNG: svgToPng whole, for the total)");
}

const cases: [string, RenderInput][] = [
	["line", inputFor("line", layoutExamples.line.csv)],
	["pie", inputFor("pie", layoutExamples.pie.csv)],
	["map", inputFor("map", layoutExamples.map.csv)],
	["sankey", inputFor("sankey", layoutExamples.sankey.csv)],
	["line, 5 × 100,000 points", inputFor("line", makeCsv(100_000))],
];
await svgToPng("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>", 1);
const out: Record<string, Stages> = {};
for (const [name, input] of cases) {
	for (let i = 0; i < 2; i++) await once(input, {});
	const sums: Stages = {};
	for (let i = 0; i < rounds; i++) await once(input, sums);
	out[name] = Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v / rounds]));
}
console.log(JSON.stringify({ rounds, scale, cases: out }));
