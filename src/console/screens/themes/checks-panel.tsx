/**
 * The theme's accessibility checks (issue 13): computed in the page with the API's own
 * `themeChecks` as the person edits, and the API's answer once saved. They warn; saving goes on.
 */
import { Icon } from "../../components/icon";
import type { ThemeCheck } from "./theme-model";

export function ChecksPanel({ checks, saved }: { checks: ThemeCheck[]; saved: boolean }) {
	return (
		<section class={`checks panel${checks.length > 0 ? " has-warnings" : ""}`} aria-labelledby="checks-title" aria-live="polite">
			<h2 id="checks-title" class="checks-title">
				{checks.length === 0 ? (
					<>
						<Icon name="check" /> No accessibility warnings
					</>
				) : (
					<>
						<Icon name="alert" /> {checks.length === 1 ? "1 accessibility warning" : `${checks.length} accessibility warnings`}
					</>
				)}
			</h2>
			{checks.length > 0 && (
				// A list longer than its box scrolls, so it takes keyboard focus (arrow keys scroll it).
				// biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (axe scrollable-region-focusable)
				<ul class="check-list" tabIndex={0} aria-label="Accessibility warnings">
					{checks.map((check) => (
						<li key={check.id} data-check={check.id}>
							<span class="check-swatches" aria-hidden="true">
								{check.colors.map((color, i) => (
									<span key={i} class="swatch" style={{ background: color }} />
								))}
							</span>
							<span>{check.message}</span>
						</li>
					))}
				</ul>
			)}
			<p class="hint">
				{checks.length === 0
					? "Text, axes and series colours are readable on both backgrounds and distinct for colour-blind readers."
					: "Warnings do not stop the theme from saving or being used."}{" "}
				{saved ? "Checked by the server on save." : "Checked as you edit."}
			</p>
		</section>
	);
}
