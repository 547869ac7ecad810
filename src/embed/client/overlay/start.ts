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

/** What the reader points at now: the shown drawing, its layout, and the tips as that drawing numbers its categories. */
interface Here {
	drawing: ShownDrawing;
	layout: TipLayout;
	tips: ReaderTips;
}

/** The tips as a drawing numbers its categories (a narrow drawing of a long line shows fewer). */
function tipsFor(tips: ReaderTips, layout: TipLayout): ReaderTips {
	const all = tips.categories;
	if (!layout.rows || !all) return tips;
	return { ...tips, categories: layout.rows.map((row) => all[row] ?? { header: "", values: [] }) };
}

function keyboardHint(main: HTMLElement): void {
	const hint = document.createElement("p");
	hint.id = "chart-keys";
	hint.className = "visually-hidden";
	hint.textContent = "Use the arrow keys to read the data, one point at a time. Escape hides the tooltip.";
	main.after(hint);
	main.setAttribute("aria-describedby", hint.id);
}

function attach(main: HTMLElement, tips: ReaderTips): (event: Event) => void {
	const tooltip = new Tooltip(main, tips);
	const hidden = new Set<number>();
	const live = document.createElement("p");
	live.className = "visually-hidden";
	live.setAttribute("aria-live", "polite");
	main.after(live);
	keyboardHint(main);
	let current: number | null = null;
	const views = new Map<TipLayout, ReaderTips>();

	const here = (): Here | null => {
		const drawing = shownDrawing(main);
		const layout = drawing ? tips.layouts[drawing.width] : undefined;
		if (!drawing || !layout) return null;
		let view = views.get(layout);
		if (!view) {
			view = tipsFor(tips, layout);
			views.set(layout, view);
		}
		return { drawing, layout, tips: view };
	};
	const hide = () => {
		current = null;
		tooltip.hide();
		live.textContent = "";
	};
	const show = (at: Here, index: number | null, spoken: boolean) => {
		const anchor = index === null ? null : anchorOf(at.tips, at.layout, index, hidden);
		if (index === null || !anchor) {
			hide();
			return;
		}
		current = index;
		const content = tipContent(at.tips, index, at.drawing, hidden);
		tooltip.show(content, at.drawing, at.layout, index, anchor, hidden);
		if (spoken) live.textContent = tipSentence(content);
	};
	const pointed = (event: PointerEvent | MouseEvent) => {
		const at = here();
		const point = at && toDrawing(at.drawing.svg, event.clientX, event.clientY);
		if (!at || !point) return;
		const index = at.tips.trigger === "axis" ? categoryAt(at.tips, at.layout, point, hidden) : itemAt(at.tips, at.layout, point, hidden);
		if (index !== current) show(at, index, false);
	};

	// The entries that toggle say so to the pointer.
	for (const series of tips.legend)
		for (const entry of main.querySelectorAll<SVGElement>(`svg [ecmeta_ssr_type="legend"][ecmeta_series_index="${series}"]`))
			entry.style.cursor = "pointer";
	main.addEventListener("pointermove", pointed);
	main.addEventListener("pointerdown", pointed);
	// A finger lifted leaves the element too (Pointer Events): a tapped tooltip stays until the next tap or a scroll.
	main.addEventListener("pointerleave", (event) => {
		if (event.pointerType !== "touch") hide();
	});
	window.addEventListener("scroll", hide, { passive: true });
	// Another width class may be shown now, laid out differently.
	window.addEventListener("resize", hide);
	main.addEventListener("click", (event) => {
		const at = here();
		const series = at ? legendSeriesAt(tips, at.drawing, event.clientX, event.clientY) : null;
		if (series === null) return;
		const nowShown = hidden.has(series);
		if (nowShown) hidden.delete(series);
		else hidden.add(series);
		setSeriesShown(main, series, nowShown);
		hide();
	});
	// Escape hides a tooltip wherever focus is (one opened by the pointer too, WCAG 1.4.13).
	document.addEventListener("keydown", (event) => {
		if (event.key === "Escape") hide();
	});
	main.addEventListener("keydown", (event) => {
		const at = here();
		if (!at) return;
		const order = at.tips.trigger === "axis" ? shownCategories(at.tips, hidden) : shownItems(at.tips, hidden);
		if (order.length === 0) return;
		const position = current === null ? -1 : order.indexOf(current);
		const moves: Record<string, number> = {
			ArrowRight: position + 1,
			ArrowDown: position + 1,
			ArrowLeft: Math.max(0, position - 1),
			ArrowUp: Math.max(0, position - 1),
			Home: 0,
			End: order.length - 1,
		};
		const next = moves[event.key];
		if (next === undefined) return;
		event.preventDefault();
		show(at, order[Math.min(order.length - 1, next)] ?? null, true);
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
	// A page left open across a republish names the version it shows; the embed host answers 404 then.
	if (!response.ok) throw new Error(`${url} answered ${response.status}`);
	const tips = (await response.json()) as ReaderTips;
	if (!tips || typeof tips.layouts !== "object" || !Array.isArray(tips.series)) throw new Error(`${url} is not a chart's tips`);
	const answer = attach(main, tips);
	main.dataset.interactive = "ready";
	if (first) answer(first);
}

export function startOverlay(hooks: PageHooks): void {
	const main = document.querySelector("main");
	// A mode switch shows other colours or another drawing: a tooltip drawn for the old one would be wrong.
	// (The published mode is light: every page with the overlay names its mode in `<html data-mode>`.)
	hooks.watchMode(
		() => main?.dispatchEvent(new PointerEvent("pointerleave")),
		() => "light",
	);
	hooks.reportHeight();
	if (!main) return;
	let started = false;
	let attempts = 0;
	const events = ["pointerover", "pointermove", "touchstart", "focusin"] as const;
	const run = (event: Event | null) => {
		if (started) return;
		started = true;
		attempts++;
		for (const name of events) main.removeEventListener(name, run);
		hydrate(main, event).catch((error: unknown) => {
			console.error("The chart could not be made interactive:", error);
			// The server's drawing stays the chart; after a passing failure (a dropped connection)
			// the reader's next reach tries once more.
			if (attempts >= 2 || main.dataset.interactive === "ready") return;
			started = false;
			for (const name of events) main.addEventListener(name, run, { passive: true });
		});
	};
	for (const name of events) main.addEventListener(name, run, { passive: true });
	// The reader may already be on the chart (pointer or Tab) before this script ran.
	if (main.matches(":hover") || document.activeElement === main) run(null);
}
