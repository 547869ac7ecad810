/** axe-core on a console page (CONSOLE.md, How we check it): no serious or critical violations. */
import assert from "node:assert/strict";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export async function assertAccessible(page: Page, what: string): Promise<void> {
	const results = await new AxeBuilder({ page }).analyze();
	const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
	assert.deepEqual(
		serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
		[],
		`${what} has accessibility violations`,
	);
}
