/**
 * axe-core on a page (docs/design.md#console-checks): no critical, serious or moderate violations
 * on a console screen (a skipped heading level, a landmark missing); an embed page, which lives
 * inside someone else's article and so has no landmarks of its own to give, is held to no
 * critical or serious ones (`embed: true`).
 */
import assert from "node:assert/strict";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export async function assertAccessible(page: Page, what: string, options: { embed?: boolean } = {}): Promise<void> {
	const results = await new AxeBuilder({ page }).analyze();
	const failing = new Set(["serious", "critical", ...(options.embed ? [] : ["moderate"])]);
	const found = results.violations.filter((v) => failing.has(v.impact ?? ""));
	assert.deepEqual(
		found.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
		[],
		`${what} has accessibility violations`,
	);
}
