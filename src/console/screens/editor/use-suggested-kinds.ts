/**
 * The kinds that fit the chart's table, best first (preview/table-kinds.ts), for the Chart step.
 * Worked out with the chart engine's copy of the role functions (loaded lazily, as for the
 * preview); none for library series, which are drawn as they come.
 */
import { useEffect, useState } from "preact/hooks";
import type { ChartKind } from "../../../domain/kinds";
import type { PreviewSource } from "../../preview/engine";
import { loadEngine } from "../../preview/load-engine";

export function useSuggestedKinds(preview: PreviewSource | null): readonly ChartKind[] {
	const [suggested, setSuggested] = useState<readonly ChartKind[]>([]);
	const dataset = preview && !preview.fromStatistics ? preview.dataset : null;
	useEffect(() => {
		if (!dataset) {
			setSuggested([]);
			return;
		}
		let alive = true;
		loadEngine().then(
			(engine) => alive && setSuggested(engine.tableRoles.suggestedKinds(dataset)),
			() => undefined,
		);
		return () => {
			alive = false;
		};
	}, [dataset]);
	return suggested;
}
