/**
 * A screen that throws while it draws shows the error screen (src/console/components/
 * screen-boundary.tsx) inside the console's frame, not a blank page: its message, a link to the
 * charts list and a Reload button, the error logged to the browser's console, axe clean; and both
 * ways back bring the screen back once the cause is gone. The throw is provoked by answering the
 * chart list with a body the console does not expect (`charts` not a list), as a broken deploy
 * or proxy would. Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";

const skip = chromiumMissing() ?? false;
const port = 8872;

/** Makes the chart list's answer malformed until the returned function is called. */
async function breakChartList(page: Page): Promise<() => Promise<void>> {
	const pattern = /\/v1\/charts\?/;
	await page.route(pattern, (route) =>
		route.fulfill({
			status: 200,
			contentType: "application/json",
			// A chart whose time cannot be read: drawing its row throws.
			body: JSON.stringify({
				charts: [{ id: "ch_broken", name: "Broken", kind: "line", updatedAt: "not a date", folderId: null, published: null }],
				total: 1,
				nextCursor: null,
				folderCounts: {},
			}),
		}),
	);
	return () => page.unroute(pattern);
}

/**
 * The chart list is drawn again. Its heading is read by role, not by sight: on a phone it is
 * visually hidden (the folder picker shows where you are), so waiting for it to be visible fails.
 */
async function allChartsShown(page: Page): Promise<void> {
	await page.getByRole("heading", { name: "All charts" }).waitFor({ state: "attached" });
	await page.getByRole("button", { name: "New chart" }).waitFor();
}

describe("a screen that throws", { skip }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
	});

	after(async () => {
		await fixture?.stop();
	});

	for (const [mode, width] of [
		["light", 1280],
		["dark", 390],
	] as const) {
		it(`shows the error screen with a way back (${mode}, ${width} px)`, async () => {
			const { page, context, problems } = await fixture.signedInPage(fixture.demo.editor, { mode, width });
			const repair = await breakChartList(page);
			await page.goto(`${fixture.server.url}/`);
			await page.getByRole("heading", { name: "This screen stopped working" }).waitFor();
			// The frame is still there: the header and its account menu work.
			assert.ok(await page.getByRole("button", { name: /^Account: / }).isVisible());
			assert.ok(await page.getByText(/^Details for a bug report: RangeError/).isVisible());
			assert.ok(
				problems.some((problem) => problem.includes("This console screen failed while drawing")),
				`the error was not logged: ${problems.join("; ")}`,
			);
			await assertAccessible(page, `the error screen (${mode}, ${width} px)`);
			await assertNoHorizontalOverflow(page, `the error screen (${mode}, ${width} px)`);

			// The link goes to the charts list even from the charts list, drawing it afresh.
			await repair();
			await page.getByRole("link", { name: "Go to your charts" }).click();
			await allChartsShown(page);
			assert.equal(await page.getByRole("heading", { name: "This screen stopped working" }).count(), 0);

			// Reload draws the screen again from the server.
			const repairAgain = await breakChartList(page);
			await page.reload();
			await page.getByRole("heading", { name: "This screen stopped working" }).waitFor();
			await repairAgain();
			await page.getByRole("button", { name: "Reload" }).click();
			await allChartsShown(page);
			await context.close();
		});
	}
});
