/**
 * What the reference server runs inside its pages: the chart's stored input through our option
 * builders, drawn by ECharts. Each function runs in the browser (passed to `page.evaluate`), so
 * it may only use its argument and the page's globals.
 */
import type { RenderInput } from "../../src/render/input.ts";

interface ChartInstance {
	setOption(option: object): void;
	renderToSVGString(): string;
	getDataURL(options: { type: "png"; pixelRatio: number }): string;
	dispose(): void;
}

interface PageGlobals {
	echarts: {
		init(dom: HTMLElement | null, theme: null, options: object): ChartInstance;
		getInstanceByDom(dom: HTMLElement): ChartInstance | undefined;
	};
	chartOption(input: RenderInput): object;
	inputs?: Record<string, RenderInput>;
}

export interface Drawn {
	/** Drawing only, measured in the page. */
	ms: number;
	/** SVG text, or a PNG as a data URL. */
	out: string;
}

export function storeInput({ id, input }: { id: string; input: RenderInput }): void {
	const g = globalThis as unknown as PageGlobals;
	g.inputs ??= {};
	g.inputs[id] = input;
}

/** ECharts' SVG renderer in server-side mode, as our Worker uses it. */
export function drawSvg({ id }: { id: string }): Drawn {
	const g = globalThis as unknown as PageGlobals;
	const input = g.inputs?.[id] as RenderInput;
	const started = performance.now();
	const chart = g.echarts.init(null, null, { renderer: "svg", ssr: true, width: input.width, height: input.height });
	chart.setOption(g.chartOption(input));
	const out = chart.renderToSVGString();
	chart.dispose();
	return { ms: performance.now() - started, out };
}

/** The canvas renderer at `scale` device pixels per pixel, encoded by the browser's own PNG encoder. */
export function drawPng({ id, scale }: { id: string; scale: number }): Drawn {
	const g = globalThis as unknown as PageGlobals;
	const input = g.inputs?.[id] as RenderInput;
	const started = performance.now();
	const dom = document.getElementById("chart") as HTMLElement;
	dom.style.width = `${input.width}px`;
	dom.style.height = `${input.height}px`;
	g.echarts.getInstanceByDom(dom)?.dispose();
	const chart = g.echarts.init(dom, null, { renderer: "canvas", width: input.width, height: input.height, devicePixelRatio: scale });
	chart.setOption(g.chartOption(input));
	const out = chart.getDataURL({ type: "png", pixelRatio: scale });
	chart.dispose();
	return { ms: performance.now() - started, out };
}

/** The SVG renderer into the page's DOM, for `page.pdf` to print. */
export function drawForPrint({ id }: { id: string }): void {
	const g = globalThis as unknown as PageGlobals;
	const input = g.inputs?.[id] as RenderInput;
	const dom = document.getElementById("chart") as HTMLElement;
	dom.style.width = `${input.width}px`;
	dom.style.height = `${input.height}px`;
	g.echarts.getInstanceByDom(dom)?.dispose();
	g.echarts.init(dom, null, { renderer: "svg", width: input.width, height: input.height }).setOption(g.chartOption(input));
}
