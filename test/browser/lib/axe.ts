/**
 * axe-core on a console page (CONSOLE.md, How we check it): no serious or critical violations;
 * with `moderate`, none of moderate impact either (a skipped heading level, a landmark missing).
 */
import assert from "node:assert/strict";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export async function assertAccessible(page: Page, what: string, options: { moderate?: boolean } = {}): Promise<void> {
	const results = await new AxeBuilder({ page }).analyze();
	const failing = new Set(["serious", "critical", ...(options.moderate ? ["moderate"] : [])]);
	const serious = results.violations.filter((v) => failing.has(v.impact ?? ""));
	assert.deepEqual(
		serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
		[],
		`${what} has accessibility violations`,
	);
}
