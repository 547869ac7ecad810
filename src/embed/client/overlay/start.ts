/**
 * Starts the overlay on the page: like the ECharts clients (D40) it waits for the reader to
 * reach for the chart (pointer, touch or focus), then reads `tips.json` and answers that very
 * pointer at once, so the first hover already shows a tooltip.
 */
import type { ReaderTips, TipLayout } from "../../tips/model";
import type { DrawnMode } from "../mode";
import { anchorOf, categoryAt, itemAt, shownCategories, shownItems } from "./hit";
import { legendSeriesAt, setSeriesShown } from "./legend";
import type { ShownDrawing } from "./shown-drawing";
import { shownDrawing, toDrawing } from "./shown-drawing";
import { Tooltip, tipContent, tipSentence } from "./tooltip";

interface PageHooks {
	watchMode(changed: (mode: DrawnMode) => void, published: () => DrawnMode): void;
	reportHeight(): void;
}

function attach(main: HTMLElement, tips: ReaderTips): (event: Event) => void {
	const tooltip = new Tooltip(main, tips);
	const hidden = new Set<number>();
	const live = document.createElement("p");
	live.className = "visually-hidden";
	live.setAttribute("aria-live", "polite");
	main.after(live);
	let current: number | null = null;

	const here = (): { drawing: ShownDrawing; layout: TipLayout } | null => {
		const drawing = shownDrawing(main);
		const layout = drawing ? tips.layouts[drawing.width] : undefined;
		return drawing && layout ? { drawing, layout } : null;
	};
	const show = (index: number | null, spoken: boolean) => {
		const shown = here();
		const anchor = shown && index !== null ? anchorOf(tips, shown.layout, index, hidden) : null;
		if (!shown || index === null || !anchor) {
			hide();
			return;
		}
		current = index;
		const content = tipContent(tips, index, shown.drawing, hidden);
		tooltip.show(content, shown.drawing, shown.layout, index, anchor, hidden);
		if (spoken) live.textContent = tipSentence(content);
	};
	const hide = () => {
		current = null;
		tooltip.hide();
		live.textContent = "";
	};
	const pointed = (event: PointerEvent | MouseEvent) => {
		const shown = here();
		const point = shown && toDrawing(shown.drawing.svg, event.clientX, event.clientY);
		if (!shown || !point) return;
		const index = tips.trigger === "axis" ? categoryAt(tips, shown.layout, point, hidden) : itemAt(tips, shown.layout, point, hidden);
		if (index !== current) show(index, false);
	};

	// The entries that toggle say so to the pointer.
	for (const series of tips.legend)
		for (const entry of main.querySelectorAll<SVGElement>(`svg [ecmeta_ssr_type="legend"][ecmeta_series_index="${series}"]`))
			entry.style.cursor = "pointer";
	main.addEventListener("pointermove", pointed);
	main.addEventListener("pointerdown", pointed);
	main.addEventListener("pointerleave", hide);
	main.addEventListener("click", (event) => {
		const shown = here();
		const series = shown ? legendSeriesAt(tips, shown.drawing, event.clientX, event.clientY) : null;
		if (series === null) return;
		const nowShown = hidden.has(series);
		if (nowShown) hidden.delete(series);
		else hidden.add(series);
		setSeriesShown(main, series, nowShown);
		hide();
	});
	main.addEventListener("keydown", (event) => {
		if (event.key === "Escape") {
			hide();
			return;
		}
		const order = tips.trigger === "axis" ? shownCategories(tips, hidden) : shownItems(tips, hidden);
		if (order.length === 0) return;
		const at = current === null ? -1 : order.indexOf(current);
		const moves: Record<string, number> = {
			ArrowRight: at + 1,
			ArrowDown: at + 1,
			ArrowLeft: Math.max(0, at - 1),
			ArrowUp: Math.max(0, at - 1),
			Home: 0,
			End: order.length - 1,
		};
		const next = moves[event.key];
		if (next === undefined) return;
		event.preventDefault();
		show(order[Math.min(order.length - 1, next)] ?? null, true);
	});
	main.addEventListener("focusout", hide);
	return (event) => {
		if (event instanceof PointerEvent || event instanceof MouseEvent) pointed(event);
	};
}

async function hydrate(main: HTMLElement, first: Event | null): Promise<void> {
	const url = main.dataset.tips;
	if (!url) return;
	const response = await fetch(url);
	if (!response.ok) throw new Error(`${url} answered ${response.status}`);
	const answer = attach(main, (await response.json()) as ReaderTips);
	main.dataset.interactive = "ready";
	if (first) answer(first);
}

export function startOverlay(hooks: PageHooks): void {
	const main = document.querySelector("main");
	// A mode switch shows the other drawing (the page's CSS): a tooltip of the old one would float.
	hooks.watchMode(
		() => main?.dispatchEvent(new Event("pointerleave")),
		() => "light",
	);
	hooks.reportHeight();
	if (!main) return;
	let started = false;
	const events = ["pointerover", "pointermove", "touchstart", "focusin"] as const;
	const run = (event: Event | null) => {
		if (started) return;
		started = true;
		for (const name of events) main.removeEventListener(name, run);
		hydrate(main, event).catch((error: unknown) => console.error("The chart could not be made interactive:", error));
	};
	for (const name of events) main.addEventListener(name, run, { passive: true });
	// The reader may already be on the chart (pointer or Tab) before this script ran.
	if (main.matches(":hover") || document.activeElement === main) run(null);
}
