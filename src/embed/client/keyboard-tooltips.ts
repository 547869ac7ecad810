/**
 * Tooltips from the keyboard: the interactive chart is one tab stop; ← and →
 * (and Home, End) walk through its data points showing each one's tooltip, Escape hides it.
 * What the tooltip says is also put in a polite live region, so a screen reader reads it.
 */

/** What of an ECharts instance this needs (kept narrow so it is easy to see what is used). */
interface TooltipChart {
	getOption(): unknown;
	dispatchAction(action: Record<string, unknown>): void;
}

interface SeriesOption {
	data?: unknown[];
}

/** The series and how many points each has, from the option as ECharts holds it now (a table page or race period may change it). */
function pointCounts(chart: TooltipChart): number[] {
	const option = chart.getOption() as { series?: SeriesOption[] } | null;
	return (option?.series ?? []).map((series) => (Array.isArray(series.data) ? series.data.length : 0));
}

export function enableKeyboardTooltips(box: HTMLElement, chart: TooltipChart): void {
	box.tabIndex = 0;
	const live = document.createElement("p");
	live.className = "visually-hidden";
	live.setAttribute("aria-live", "polite");
	box.after(live);
	let index = -1;

	const show = (next: number) => {
		const counts = pointCounts(chart);
		const seriesIndex = counts.findIndex((count) => count > 0);
		if (seriesIndex < 0) return;
		const count = counts[seriesIndex] as number;
		index = Math.max(0, Math.min(count - 1, next));
		chart.dispatchAction({ type: "showTip", seriesIndex, dataIndex: index });
		// ECharts writes the tooltip's content synchronously; read what it shows for the live region.
		const tip = box.querySelector(".chart-tooltip");
		live.textContent = tip?.textContent?.replace(/\s+/g, " ").trim() ?? "";
	};
	const hide = () => {
		chart.dispatchAction({ type: "hideTip" });
		live.textContent = "";
	};

	box.addEventListener("keydown", (event) => {
		const step: Record<string, () => number> = {
			ArrowRight: () => index + 1,
			ArrowDown: () => index + 1,
			ArrowLeft: () => Math.max(0, index - 1),
			ArrowUp: () => Math.max(0, index - 1),
			Home: () => 0,
			End: () => Number.MAX_SAFE_INTEGER,
		};
		if (event.key === "Escape") {
			hide();
			return;
		}
		const next = step[event.key];
		if (!next) return;
		event.preventDefault();
		show(next());
	});
	box.addEventListener("blur", hide);
}
