/**
 * The chart's colour checks beside the preview: the API's own findings
 * (domain/color-checks*.ts, GET /v1/charts/{id}/checks), computed in the page as the chart is
 * edited, in the console's one checks panel. A series' warning offers its suggested colour as one
 * click, which sets meta.seriesStyle[series].color like the Refine step's colour field and is
 * undone the same way.
 */
import type { ColorCheck } from "../../../domain/color-checks";
import { ChecksPanel } from "../../components/checks-panel";

export interface ColorChecksPanelProps {
	checks: ColorCheck[];
	/** Series name → the name the chart shows, for the buttons' words. */
	labelOf(series: string): string;
	onUse(series: string, color: string): void;
	/** Read-only (a past version in the preview): warnings without fixes. */
	readOnly: boolean;
}

export function ColorChecksPanel({ checks, labelOf, onUse, readOnly }: ColorChecksPanelProps) {
	return (
		<ChecksPanel
			checks={checks}
			titleId="color-checks-title"
			size="compact"
			passed="Colours pass the accessibility checks"
			warning="colour warning"
			fix={({ suggestion }) =>
				suggestion &&
				!readOnly && (
					<button type="button" class="button small color-fix" onClick={() => onUse(suggestion.series, suggestion.color)}>
						<span class="swatch" style={{ background: suggestion.color }} aria-hidden="true" />
						Use {suggestion.color} for {labelOf(suggestion.series)}
					</button>
				)
			}
			footer={
				checks.length === 0 && (
					<p class="meta-text checks-panel-footer">
						Every series, label and note is readable on the light and dark backgrounds and apart for colour-blind readers.
					</p>
				)
			}
		/>
	);
}
