/**
 * The theme's accessibility checks in the console's one checks panel: computed in the page with
 * the API's own `themeChecks` as the person edits, and the API's answer once saved. They warn;
 * saving goes on.
 */
import { ChecksPanel as Panel } from "../../components/checks-panel";
import type { ThemeCheck } from "./theme-model";

export function ChecksPanel({ checks, saved }: { checks: ThemeCheck[]; saved: boolean }) {
	return (
		<Panel
			checks={checks}
			titleId="checks-title"
			size="panel"
			passed="No accessibility warnings"
			warning="accessibility warning"
			footer={
				<p class="hint checks-panel-footer">
					{checks.length === 0
						? "Text, axes and series colours are readable on both backgrounds and distinct for colour-blind readers."
						: "Warnings do not stop the theme from saving or being used."}{" "}
					{saved ? "Checked by the server on save." : "Checked as you edit."}
				</p>
			}
		/>
	);
}
