/**
 * Which folders of the tree are on screen: the folder pane scrolls on its own (charts.css,
 * `.charts-sidebar`), and the tree draws only the rows in its view (and a few either side)
 * between two paddings that stand for the rest, so 2,000 open folders put a few dozen rows in the
 * page. Rows are one height, measured from two drawn rows (the gap between them included).
 */
import type { RefObject } from "preact";
import { useCallback, useLayoutEffect, useRef, useState } from "preact/hooks";

/** Rows drawn beyond each edge of the view, so a quick scroll does not show blanks. */
const overscan = 12;
/** Before a row has been measured: a 32 px control and the tree's 1 px gap. */
const defaultStride = 33;
/** Drawn where the pane has no height yet (or is hidden, at 390 px): a bounded first screen. */
const unmeasuredRows = 40;

export interface TreeWindow {
	start: number;
	end: number;
	/** One row's height and the gap after it. */
	stride: number;
	/** Scrolls the pane just enough to show row `index` and draws it at once. */
	reveal(index: number): void;
}

/** The nearest ancestor that scrolls: the folder pane. */
function scrollerOf(element: HTMLElement | null): HTMLElement | null {
	for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
		const overflow = getComputedStyle(node).overflowY;
		if (overflow === "auto" || overflow === "scroll") return node;
	}
	return null;
}

function rangeOf(rows: HTMLElement | null, count: number, stride: number): { start: number; end: number } {
	const scroller = scrollerOf(rows);
	if (!rows || !scroller || scroller.clientHeight === 0) return { start: 0, end: Math.min(count, unmeasuredRows) };
	const top = rows.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
	const visibleTop = Math.max(0, -top);
	const visibleBottom = Math.max(0, scroller.clientHeight - top);
	const end = Math.min(count, Math.ceil(visibleBottom / stride) + overscan);
	const start = Math.min(Math.max(0, Math.floor(visibleTop / stride) - overscan), end);
	return { start, end };
}

/** `rowsRef` holds the folder rows (not "All charts", which is always drawn above them). */
export function useTreeWindow(rowsRef: RefObject<HTMLElement | null>, count: number): TreeWindow {
	const [stride, setStride] = useState(defaultStride);
	const [range, setRange] = useState(() => rangeOf(null, count, stride));
	const latest = useRef({ count, stride });
	latest.current = { count, stride };

	const update = useCallback(() => {
		const next = rangeOf(rowsRef.current, latest.current.count, latest.current.stride);
		setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
	}, []);

	useLayoutEffect(() => {
		const scroller = scrollerOf(rowsRef.current);
		let frame = 0;
		const schedule = () => {
			if (!frame)
				frame = requestAnimationFrame(() => {
					frame = 0;
					update();
				});
		};
		update();
		scroller?.addEventListener("scroll", schedule, { passive: true });
		window.addEventListener("resize", schedule);
		return () => {
			scroller?.removeEventListener("scroll", schedule);
			window.removeEventListener("resize", schedule);
			if (frame) cancelAnimationFrame(frame);
		};
	}, [count, stride]);

	// Two drawn rows say how far apart rows are at this width and text size.
	useLayoutEffect(() => {
		const [first, second] = rowsRef.current?.querySelectorAll<HTMLElement>(":scope > [data-tree-key]") ?? [];
		if (!first || !second) return;
		const measured = second.getBoundingClientRect().top - first.getBoundingClientRect().top;
		if (measured > 0 && Math.abs(measured - stride) > 0.5) setStride(measured);
	});

	const reveal = useCallback((index: number) => {
		const rows = rowsRef.current;
		const scroller = scrollerOf(rows);
		if (!rows || !scroller) return;
		const { stride } = latest.current;
		const top = rows.getBoundingClientRect().top - scroller.getBoundingClientRect().top + index * stride;
		if (top < 0) scroller.scrollTop += top;
		else if (top + stride > scroller.clientHeight) scroller.scrollTop += top + stride - scroller.clientHeight;
		update();
	}, []);

	return { ...range, stride, reveal };
}
