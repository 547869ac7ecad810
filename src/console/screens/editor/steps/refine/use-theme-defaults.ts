/**
 * The values settings take when the chart leaves them to its theme (grid lines per axis), read
 * from the preview's own option builders, so a checkbox shows what the chart draws. Empty until
 * the chart engine has loaded and the chart has data to draw.
 */
import { useEffect, useState } from "preact/hooks";
import type { PreviewSource } from "../../../../preview/engine";
import { loadEngine } from "../../../../preview/load-engine";

export function useThemeDefaults(preview: PreviewSource | null): Readonly<Record<string, boolean>> {
	const [defaults, setDefaults] = useState<Record<string, boolean>>({});
	const orientation = preview?.meta.orientation;
	// What the defaults depend on: the kind, the theme, the data and the orientation; not the
	// other settings, so typing a title does not build the option again.
	useEffect(() => {
		if (!preview) return;
		let current = true;
		loadEngine()
			.then((engine) => engine.themeDefaults(preview))
			.then(
				(found) => {
					if (current) setDefaults(found);
				},
				() => {
					// No engine (offline for a moment): the boxes show the schema's defaults until the next change.
				},
			);
		return () => {
			current = false;
		};
	}, [preview?.kind, preview?.theme, preview?.dataset, preview?.seriesNames, preview?.fromStatistics, orientation]);
	return defaults;
}
