/**
 * Every kind as a labelled thumbnail in a radio group (arrow keys move and choose, as native
 * radios do), drawn with the same kind icons as the charts list.
 */
import type { ChartKind } from "../../../domain/kinds";
import { KindIcon } from "../charts/kind-icons";
import { kindList, kindNames } from "./kind-info";

export function KindPicker({ value, onChange }: { value: ChartKind; onChange: (kind: ChartKind) => void }) {
	return (
		<fieldset class="kind-grid">
			<legend class="visually-hidden">Kind of chart</legend>
			{kindList.map((kind) => (
				<label key={kind} class="kind-option">
					<input type="radio" name="chart-kind" value={kind} checked={value === kind} onChange={() => onChange(kind)} />
					<KindIcon kind={kind} width={40} class="kind-glyph" />
					<span>{kindNames[kind]}</span>
				</label>
			))}
		</fieldset>
	);
}
