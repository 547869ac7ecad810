/**
 * The chart's colour checks beside the preview (issue 30): the API's own findings
 * (domain/color-checks*.ts, GET /v1/charts/{id}/checks), computed in the page as the chart is
 * edited. A series' warning offers its suggested colour as one click, which sets
 * meta.seriesStyle[series].color like the Refine step's colour field and is undone the same way.
 */
import type { ColorCheck } from "../../../domain/color-checks";
import { Icon } from "../../components/icon";

export interface ColorChecksPanelProps {
	checks: ColorCheck[];
	/** Series name → the name the chart shows, for the buttons' words. */
	labelOf(series: string): string;
	onUse(series: string, color: string): void;
	/** Read-only (a past version in the preview): warnings without fixes. */
	readOnly: boolean;
}

export function ColorChecksPanel({ checks, labelOf, onUse, readOnly }: ColorChecksPanelProps) {
	const count = checks.length;
	return (
		<section class={`color-checks${count > 0 ? " has-warnings" : ""}`} aria-labelledby="color-checks-title" aria-live="polite">
			<h2 id="color-checks-title" class="color-checks-title">
				<Icon name={count === 0 ? "check" : "alert"} />
				{count === 0 ? "Colours pass the accessibility checks" : count === 1 ? "1 colour warning" : `${count} colour warnings`}
			</h2>
			{count > 0 && (
				// A list longer than its box scrolls, so it takes keyboard focus (arrow keys scroll it).
				// biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (axe scrollable-region-focusable)
				<ul class="color-check-list" tabIndex={0} aria-label="Colour warnings">
					{checks.map((check) => (
						<li key={check.id} data-check={check.id}>
							<span class="check-swatches" aria-hidden="true">
								{check.colors.map((color, i) => (
									<span key={i} class="swatch" style={{ background: color }} />
								))}
							</span>
							<span class="color-check-text">
								<span>{check.message}</span>
								{check.suggestion && !readOnly && (
									<button
										type="button"
										class="button small color-fix"
										onClick={() => {
											const { series, color } = check.suggestion as NonNullable<ColorCheck["suggestion"]>;
											onUse(series, color);
										}}
									>
										<span class="swatch" style={{ background: check.suggestion.color }} aria-hidden="true" />
										Use {check.suggestion.color} for {labelOf(check.suggestion.series)}
									</button>
								)}
							</span>
						</li>
					))}
				</ul>
			)}
			{count === 0 && (
				<p class="meta-text color-checks-hint">
					Every series, label and note is readable on the light and dark backgrounds and apart for colour-blind readers.
				</p>
			)}
		</section>
	);
}
