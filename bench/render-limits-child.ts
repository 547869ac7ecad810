import type { ChartKind } from "../src/domain/kinds.ts";
import type { RenderInput } from "../src/render/input.ts";
import { svgToPdf } from "../src/render/pdf.ts";
import { svgToPng } from "../src/render/png.ts";
import { renderSvg } from "../src/render/svg.ts";
import { renderInputFor } from "../test/harness/workerd/render-input.ts";
import { kindCsv } from "./lib/kind-data.ts";

const kind = process.argv[2] as ChartKind;
const rows = Number(process.argv[3]);
const mib = (bytes: number) => bytes / 2 ** 20;
const peakMiB = () => process.resourceUsage().maxRSS / 1024;

const input: RenderInput = renderInputFor({
	kind,
	csv: kindCsv(kind, rows),
	meta: { title: `${kind} at ${rows} rows`, sourceText: "Source: benchmark" },
});
// Everything but drawing (Node itself, the data) is the baseline the render adds to.
await svgToPng("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>", 1);
const collect = (globalThis as { gc?: () => void }).gc;
collect?.();
const baselineMiB = mib(process.memoryUsage().rss);
/** Live JavaScript memory after a full collection: what the isolate must hold, garbage aside. */
const liveMiB = () => {
	collect?.();
	const usage = process.memoryUsage();
	return mib(usage.heapUsed + usage.external);
};
const dataLiveMiB = liveMiB();

const time = async <T>(task: () => T | Promise<T>): Promise<{ ms: number; value: T }> => {
	const started = performance.now();
	const value = await task();
	return { ms: performance.now() - started, value };
};
const svg = await time(() => renderSvg(input));
const afterSvg = peakMiB();
const png = await time(() => svgToPng(svg.value, 2));
const afterPng = peakMiB();
const pdf = await time(() => svgToPdf(svg.value, input.width, input.height, kind));
console.log(
	JSON.stringify({
		kind,
		rows,
		svgMs: svg.ms,
		pngMs: png.ms,
		pdfMs: pdf.ms,
		svgKiB: svg.value.length / 1024,
		baselineMiB,
		dataLiveMiB,
		afterLiveMiB: liveMiB(),
		peakSvgMiB: afterSvg,
		peakPngMiB: afterPng,
		peakMiB: peakMiB(),
	}),
);
