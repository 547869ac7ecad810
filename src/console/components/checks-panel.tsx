/**
 * A list of accessibility checks on colours, each with the colours it is about: the theme
 * studio's checks and the chart editor's colour checks beside the preview are this one panel.
 * Both compute the API's own findings in the page as the person edits. A check may carry a fix
 * (the editor offers a series' suggested colour as one click); the footer says what the checks
 * mean where they are.
 */
import type { ComponentChildren } from "preact";
import { Icon } from "./icon";
import "./checks-panel.css";

export interface ShownCheck {
	id: string;
	colors: readonly string[];
	message: string;
}

export interface ChecksPanelProps<Check extends ShownCheck> {
	checks: readonly Check[];
	/** The heading's id (the section is labelled by it): unique on the page. */
	titleId: string;
	/** The heading when nothing is found. */
	passed: string;
	/** One finding, in words: "colour warning" (counted: "2 colour warnings"). */
	warning: string;
	/** What a check can do about itself, if anything: a button after its message. */
	fix?: (check: Check) => ComponentChildren;
	footer: ComponentChildren;
	/** The editor's panel sits under the preview in smaller type; the studio's is a panel of its own. */
	size: "compact" | "panel";
}

export function ChecksPanel<Check extends ShownCheck>({ checks, titleId, passed, warning, fix, footer, size }: ChecksPanelProps<Check>) {
	const count = checks.length;
	const warnings = `${warning.charAt(0).toUpperCase()}${warning.slice(1)}s`;
	return (
		<section
			class={`checks-panel ${size === "panel" ? "panel" : "compact"}${count > 0 ? " has-warnings" : ""}`}
			aria-labelledby={titleId}
			aria-live="polite"
		>
			<h2 id={titleId} class="checks-panel-title">
				<Icon name={count === 0 ? "check" : "alert"} />
				{count === 0 ? passed : count === 1 ? `1 ${warning}` : `${count} ${warning}s`}
			</h2>
			{count > 0 && (
				// A list longer than its box scrolls, so it takes keyboard focus (arrow keys scroll it).
				// biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (axe scrollable-region-focusable)
				<ul class="checks-panel-list" tabIndex={0} aria-label={warnings}>
					{checks.map((check) => (
						<li key={check.id} data-check={check.id}>
							<span class="check-swatches" aria-hidden="true">
								{check.colors.map((color, i) => (
									<span key={i} class="swatch" style={{ background: color }} />
								))}
							</span>
							<span class="checks-panel-text">
								<span>{check.message}</span>
								{fix?.(check)}
							</span>
						</li>
					))}
				</ul>
			)}
			{footer}
		</section>
	);
}
