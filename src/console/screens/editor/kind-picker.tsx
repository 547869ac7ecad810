/**
 * Every kind as a labelled thumbnail in a radio group (arrow keys move and choose, as native
 * radios do), drawn with the same kind icons as the charts list. The kinds that fit the chart's
 * table come first, marked "Fits your table"; the others keep the API's order.
 */

import { kindCatalog, kindList } from "../../../domain/kind-catalog";
import type { ChartKind } from "../../../domain/kinds";
import { KindIcon } from "../charts/kind-icons";
import "./kind-picker.css";

export function KindPicker({
	value,
	onChange,
	suggested = [],
}: {
	value: ChartKind;
	onChange: (kind: ChartKind) => void;
	/** The kinds that fit the table, best first. */
	suggested?: readonly ChartKind[];
}) {
	const ordered = [...suggested, ...kindList.filter((kind) => !suggested.includes(kind))];
	return (
		<fieldset class="kind-grid">
			<legend class="visually-hidden">Kind of chart</legend>
			{ordered.map((kind) => (
				<label key={kind} class="kind-option">
					<input type="radio" name="chart-kind" value={kind} checked={value === kind} onChange={() => onChange(kind)} />
					<KindIcon kind={kind} width={40} class="kind-glyph" />
					<span>{kindCatalog[kind].label}</span>
					{suggested.includes(kind) && <span class="kind-fits">Fits your table</span>}
				</label>
			))}
		</fieldset>
	);
}
