/**
 * The active column of the data table: its type as the API will read it, reading a text column
 * as numbers (decimal point or comma) or dates (day, month or year first; month names), and
 * whether it is drawn: a series column can be left out of the chart without deleting it
 * (`meta.seriesTransform[name].hidden`; the API, the exports and the embed leave it out).
 */
import { useEffect, useId, useState } from "preact/hooks";
import { useEditor } from "../../editor-context";
import type { DateOrder, DecimalMark, Table } from "./table-model";
import { cellsNotOfType, columnType, readColumnAs } from "./table-model";

const typeSentences = {
	number: "Numbers: the chart can draw this column.",
	date: "Dates: the chart reads them as time.",
	text: "Text: labels or categories.",
} as const;

const dateOrders: { value: DateOrder; label: string }[] = [
	{ value: "dmy", label: "Day first (31/12/2024)" },
	{ value: "mdy", label: "Month first (12/31/2024)" },
	{ value: "ymd", label: "Year first (2024/12/31)" },
	{ value: "my", label: "Month and year (Dec 2024)" },
];

function rowList(rows: number[]): string {
	const shown = rows.slice(0, 5).map((row) => row + 2);
	return `${rows.length === 1 ? "row" : "rows"} ${shown.join(", ")}${rows.length > 5 ? ` and ${rows.length - 5} more` : ""}`;
}

export function ColumnPanel({
	table,
	column,
	onEdit,
	hidden,
	saving,
}: {
	table: Table;
	column: number;
	onEdit(next: Table, words: string): void;
	hidden: boolean;
	saving: boolean;
}) {
	const { chart, updateMeta } = useEditor();
	const [decimal, setDecimal] = useState<DecimalMark>(".");
	const [order, setOrder] = useState<DateOrder>("dmy");
	const [outcome, setOutcome] = useState<string | null>(null);
	const id = useId();
	const name = (table.header[column] ?? "").trim();
	const type = columnType(table, column);
	useEffect(() => setOutcome(null), [column]);

	const read = (how: Parameters<typeof readColumnAs>[2]) => {
		const { table: next, unreadable } = readColumnAs(table, column, how);
		const what = how.type === "number" ? "numbers" : "dates";
		const words =
			unreadable.length === 0
				? `Column “${name}” now holds ${what}.`
				: `${unreadable.length === 1 ? "1 cell" : `${unreadable.length} cells`} could not be read as ${what} (${rowList(unreadable)}): fix or empty ${unreadable.length === 1 ? "it" : "them"} and the column becomes ${what}.`;
		onEdit(next, words);
		setOutcome(words);
	};

	const isSeries = chart.series.includes(name);
	const notNumbers = type === "text" ? cellsNotOfType(table, column, "number").length : 0;

	return (
		<section class="column-panel" aria-labelledby={`${id}-title`}>
			<h3 id={`${id}-title`} class="section-label">
				Column “{name || "no name"}”
			</h3>
			<p class="column-type">
				<span class={`type-badge type-${type}`}>{type === "number" ? "Number" : type === "date" ? "Date" : "Text"}</span>{" "}
				{typeSentences[type]}
				{type === "text" && notNumbers > 0 && notNumbers < table.rows.length
					? ` ${notNumbers === 1 ? "1 cell is" : `${notNumbers} cells are`} not a number.`
					: ""}
			</p>
			{type === "text" && (
				<div class="column-read">
					<div class="field inline-field">
						<label for={`${id}-decimal`}>Numbers written as</label>
						<select
							id={`${id}-decimal`}
							class="select"
							value={decimal}
							onChange={(event) => setDecimal(event.currentTarget.value as DecimalMark)}
						>
							<option value=".">1,234.5 (decimal point)</option>
							<option value=",">1.234,5 (decimal comma)</option>
						</select>
						<button type="button" class="button" onClick={() => read({ type: "number", decimal })}>
							Read as numbers
						</button>
					</div>
					<div class="field inline-field">
						<label for={`${id}-order`}>Dates written</label>
						<select id={`${id}-order`} class="select" value={order} onChange={(event) => setOrder(event.currentTarget.value as DateOrder)}>
							{dateOrders.map((option) => (
								<option key={option.value} value={option.value}>
									{option.label}
								</option>
							))}
						</select>
						<button type="button" class="button" onClick={() => read({ type: "date", order })}>
							Read as dates
						</button>
					</div>
				</div>
			)}
			{outcome && <p class="meta-text column-outcome">{outcome}</p>}
			<label class="checkbox">
				<input
					type="checkbox"
					checked={isSeries ? !hidden : false}
					disabled={!isSeries}
					aria-describedby={`${id}-draw-hint`}
					onChange={(event) => updateMeta({ seriesTransform: { [name]: { hidden: event.currentTarget.checked ? null : true } } })}
				/>
				Draw this column in the chart
			</label>
			<span class="hint" id={`${id}-draw-hint`}>
				{isSeries
					? "Unticked, the column stays in the data (and in this table) but the chart, its exports and the embed leave it out."
					: saving && !chart.series.includes(name)
						? "Saving the table first…"
						: "This column is not one of the chart's series (it gives the labels, or this kind of chart does not draw it)."}{" "}
				How numbers are written (decimals, prefix, suffix) is set for the whole chart in Refine, under Number format.
			</span>
		</section>
	);
}
