/**
 * Which rows of a long list are on screen: the list is drawn as the rows in the window (and a
 * few either side) between two paddings that stand for the rest, so a list of 50,000 charts puts
 * a few dozen rows in the page, not 50,000. The page itself scrolls; rows are all one height,
 * measured from a drawn row, so the 390 px layout's taller rows are counted right too.
 */
import type { RefObject } from "preact";
import { useLayoutEffect, useState } from "preact/hooks";

/** Rows drawn beyond each edge of the window, so a quick scroll does not show blanks. */
const overscan = 12;
/** Before a row has been measured: the 1280 px layout's row. */
const defaultRowHeight = 53;

export interface ListWindow {
	start: number;
	end: number;
	rowHeight: number;
}

function windowOf(list: HTMLElement | null, count: number, rowHeight: number): { start: number; end: number } {
	if (!list) return { start: 0, end: Math.min(count, 40) };
	const top = list.getBoundingClientRect().top;
	const visibleTop = Math.max(0, -top);
	const visibleBottom = Math.max(0, window.innerHeight - top);
	const start = Math.max(0, Math.floor(visibleTop / rowHeight) - overscan);
	const end = Math.min(count, Math.ceil(visibleBottom / rowHeight) + overscan);
	return { start: Math.min(start, end), end };
}

export function useListWindow(listRef: RefObject<HTMLElement | null>, count: number): ListWindow {
	const [rowHeight, setRowHeight] = useState(defaultRowHeight);
	const [range, setRange] = useState(() => windowOf(null, count, rowHeight));

	useLayoutEffect(() => {
		let frame = 0;
		const update = () => {
			frame = 0;
			const next = windowOf(listRef.current, count, rowHeight);
			setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
		};
		const schedule = () => {
			if (!frame) frame = requestAnimationFrame(update);
		};
		update();
		window.addEventListener("scroll", schedule, { passive: true });
		window.addEventListener("resize", schedule);
		return () => {
			window.removeEventListener("scroll", schedule);
			window.removeEventListener("resize", schedule);
			if (frame) cancelAnimationFrame(frame);
		};
	}, [count, rowHeight]);

	// A drawn row says how tall rows are at this width (they change height at 640 px).
	useLayoutEffect(() => {
		const row = listRef.current?.querySelector<HTMLElement>(".chart-row");
		const measured = row?.getBoundingClientRect().height ?? 0;
		if (measured > 0 && Math.abs(measured - rowHeight) > 0.5) setRowHeight(measured);
	});

	return { ...range, rowHeight };
}

/** Scrolls the page just enough to show row `index` of the list. */
export function scrollRowIntoView(list: HTMLElement, index: number, rowHeight: number): void {
	const top = list.getBoundingClientRect().top + index * rowHeight;
	const bottom = top + rowHeight;
	// The app's header stays on top of the page: a row under it is not in view.
	const header = document.querySelector<HTMLElement>(".topbar")?.getBoundingClientRect().bottom ?? 0;
	if (top < header) window.scrollBy(0, top - header - rowHeight);
	else if (bottom > window.innerHeight) window.scrollBy(0, bottom - window.innerHeight + rowHeight);
}
