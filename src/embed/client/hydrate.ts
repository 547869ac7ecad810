/**
 * The embed page's client, run in readers' browsers and served by the embed host itself (never a
 * third-party CDN). It fetches the snapshot's render input and draws the same chart with ECharts
 * in the browser, laid out for the frame's real width, adding tooltips on hover, legend
 * toggling, a playing bar race and a table's search and paging. Until it has drawn, and whenever
 * it cannot, the server-rendered SVG stays.
 */
import * as echarts from "echarts/core";
import { drawingBox } from "../../render/drawing-height";
import type { Option } from "../../render/frame";
import type { RenderInput } from "../../render/input";
import { colors } from "../../render/input";
import type { OptionBuilder } from "../../render/kinds";
import { racePlayingOption } from "../../render/kinds/race";
import { describeBox } from "./accessible";
import type { ClientFamily } from "./families/family";
import { fontsReady } from "./fonts-ready";
import { reportHeight } from "./frame-height";
import { enableKeyboardTooltips } from "./keyboard-tooltips";
import { startLiveRefresh } from "./live-refresh";
import type { DrawnMode } from "./mode";
import { drawnMode, watchMode } from "./mode";
import { startRace } from "./race-player";
import { placeSourceLink } from "./source-link";
import type { TableControls } from "./table-controls";
import { liveTableControls, startTableControls } from "./table-controls";

/** Narrower than this, titles and axes no longer fit; the chart scrolls instead. */
const minWidth = 280;

/**
 * The box the server's drawing takes in this frame (its width class scaled to the frame's
 * width, D38): the interactive chart is drawn in exactly that box, so nothing moves when it
 * takes over.
 */
function frameSize(input: RenderInput): { width: number; height: number } {
	const { width, height } = drawingBox(input, Math.max(minWidth, Math.floor(document.documentElement.clientWidth || input.width)));
	return { width, height };
}

/** The option for a size, with tooltips styled in the chart's mode and kept inside the frame. */
function interactiveOption(build: OptionBuilder, input: RenderInput, size: { width: number; height: number }): Option {
	// A bar race keeps its entities in place and lets ECharts sort the bars as they move.
	const option = racePlayingOption(build({ ...input, ...size }), input);
	const c = colors(input);
	const tooltip = (option.tooltip ?? {}) as Option;
	return {
		...option,
		tooltip: {
			...tooltip,
			show: true,
			confine: true,
			className: "chart-tooltip",
			backgroundColor: c.surface,
			borderColor: c.grid,
			textStyle: { color: c.text },
		},
	};
}

/** A race frame moves its bars to the next period; everything else is drawn at once. */
const moving = { animation: true, animationDurationUpdate: 900, animationEasingUpdate: "linear" } as const;

/** Redraws the interactive chart in another mode, once there is one. */
let redrawInMode: ((mode: DrawnMode) => void) | undefined;
/** The mode of the snapshot's data, once read (light until then: exports' default). */
let publishedMode: DrawnMode = "light";

/** Draws the interactive chart; `tableControls` are the page's own, already taking the reader's input. */
export async function hydrate(build: OptionBuilder, tableControls?: TableControls): Promise<void> {
	const main = document.querySelector("main");
	const dataUrl = main?.getAttribute("data-chart");
	if (!main || !dataUrl) return;
	const [response] = await Promise.all([fetch(dataUrl), fontsReady()]);
	if (!response.ok) throw new Error(`${dataUrl} answered ${response.status}`);
	// The snapshot's data is in the chart's export mode; the page's mode decides what is drawn.
	const data = (await response.json()) as RenderInput;
	publishedMode = data.mode;
	const input = { ...data, mode: drawnMode(data.mode) };
	let size = frameSize(input);
	// What is drawn now: the chart, or a race's period, or a table's page.
	let view = input;
	// Built before the SVG is touched: an option that cannot be built leaves the SVG in place.
	const option = interactiveOption(build, input, size);
	const serverSvg = [...main.childNodes].filter((node) => !(node instanceof HTMLAnchorElement));
	const box = document.createElement("div");
	box.className = "chart";
	for (const node of serverSvg) node.parentNode?.removeChild(node);
	main.prepend(box);
	try {
		const chart = echarts.init(box, null, { renderer: "svg", ...size });
		chart.setOption(option);
		describeBox(box, input, serverSvg);
		enableKeyboardTooltips(box, chart);
		// The chart box is the tab stop from now on; a reader who tabbed to the page keeps focus on the chart.
		const hadFocus = document.activeElement === main;
		main.removeAttribute("tabindex");
		main.removeAttribute("aria-label");
		if (hadFocus) box.focus();
		placeSourceLink(main, { ...input, ...size });
		const show = (next: RenderInput, animate: boolean) => {
			// Race periods and table pages are cut from the first input: keep the page's current mode.
			view = { ...next, mode: view.mode };
			chart.setOption({ ...interactiveOption(build, view, size), ...(animate ? moving : {}) }, { notMerge: !animate });
		};
		redrawInMode = (mode) => {
			view = { ...view, mode };
			chart.setOption(interactiveOption(build, view, size), { notMerge: true });
		};
		startRace(main, input, show);
		startTableControls(main, input, (next) => show(next, false), tableControls);
		let pending: number | undefined;
		window.addEventListener("resize", () => {
			window.clearTimeout(pending);
			pending = window.setTimeout(() => {
				const next = frameSize(input);
				if (next.width === size.width) return;
				size = next;
				chart.resize(size);
				chart.setOption(interactiveOption(build, view, size), { notMerge: true });
				placeSourceLink(main, { ...input, ...size });
			}, 100);
		});
	} catch (error) {
		box.remove();
		main.prepend(...serverSvg);
		throw error;
	}
}

/** One family's builders as one builder: a kind outside the family is a page naming the wrong client. */
function familyBuilder(family: ClientFamily): OptionBuilder {
	return (input, notes) => {
		const build = family.builders[input.kind];
		if (!build) throw new Error(`this client does not draw ${input.kind} charts`);
		return build(input, notes);
	};
}

/** Runs a family's client; failures are logged, and the server SVG remains what readers see. */
export function start(family: ClientFamily): void {
	// Only the family's parts: the bundle carries no other chart type's code.
	echarts.use(family.parts);
	const build = familyBuilder(family);
	// Before hydrating: a mode message switches the server drawing even if hydrating fails, and
	// the host learns the server drawing's height at once.
	watchMode(
		(mode) => redrawInMode?.(mode),
		() => publishedMode,
	);
	reportHeight();
	startLiveRefresh();
	// A table's search and paging take the reader's input from now on, drawn or not.
	const tableControls = liveTableControls();
	const run = () =>
		hydrate(build, tableControls).catch((error: unknown) => {
			tableControls?.disable();
			console.error("The chart could not be made interactive:", error);
		});
	const main = document.querySelector("main");
	// The server's drawing is the chart until the reader reaches for it or its controls (the page
	// says when, D40), unless the reader is already on it: the pointer arrived, or Tab landed,
	// before this script ran.
	if (main?.dataset.interactive !== "on-interaction" || main.matches(":hover") || document.activeElement === main) {
		run();
		return;
	}
	const events = ["pointerover", "pointermove", "touchstart", "focusin"] as const;
	const targets = tableControls ? [main, tableControls.element] : [main];
	const once = () => {
		for (const target of targets) for (const event of events) target.removeEventListener(event, once);
		run();
	};
	for (const target of targets) for (const event of events) target.addEventListener(event, once, { passive: true });
}
