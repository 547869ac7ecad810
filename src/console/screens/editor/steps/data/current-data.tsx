/**
 * The chart's current data under its heading: the editable table, or the same table read-only
 * with the reason when the data is linked from a URL or comes from the statistics library.
 */
import { useEffect, useRef } from "preact/hooks";
import type { Dataset } from "../../../../../domain/dataset";
import type { Chart } from "../../../../lib/chart-types";
import { useTableEditor } from "./table-context";
import { TableEditor } from "./table-editor";

/** Why the table cannot be edited here, or null when it can. */
export function readOnlyReason(chart: Chart): string | null {
	const linked = chart.dataSource;
	if (linked) {
		let host = linked.url;
		try {
			host = new URL(linked.url).host;
		} catch {
			// Shown as stored.
		}
		const every = linked.refreshMinutes ? ` every ${linked.refreshMinutes === 1 ? "minute" : `${linked.refreshMinutes} minutes`}` : "";
		return `This data is read from ${host}${every}, so edits here would be overwritten at the next read: change it at its source. You can still select and copy cells.`;
	}
	if (chart.seriesReferences.length > 0)
		return "These series come from the statistics library and are read afresh whenever the chart is drawn, so they cannot be edited here. To change numbers, copy the cells (Ctrl/Cmd+C) into a spreadsheet and paste them back as your own CSV.";
	return null;
}

export /**
 * The chart's data as a table. Focus moves to it once it shows data other than `focusAfter` (after "Use this data" the button is disabled while sending, which left focus on
 * the page; the table is what the person wants to check next).
 */
function CurrentData({ dataset, focusAfter, onFocused }: { dataset: Dataset; focusAfter?: Dataset | null; onFocused(): void }) {
	const { readOnly } = useTableEditor();
	const box = useRef<HTMLElement>(null);
	useEffect(() => {
		if (focusAfter === undefined || dataset === focusAfter) return;
		// The box, named "The chart's data", is read out first; an arrow key or Enter then moves into the grid.
		box.current?.focus();
		onFocused();
	}, [dataset, focusAfter]);
	return (
		<section class="step-section" aria-labelledby="current-data">
			<h2 id="current-data" class="section-label">
				{readOnly ? "Current data" : "Check and edit the data"}
			</h2>
			<TableEditor boxRef={box} />
		</section>
	);
}
