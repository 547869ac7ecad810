/**
 * Live charts in a browser: the Data step's "Link to a URL" links a chart to a CSV
 * served on a loopback port, shows how its reads go and refreshes it; an embed page left open
 * picks up a redraw by itself (its once-a-minute check, run on Playwright's clock).
 * Run: node --import tsx --test test/browser/live-data.test.ts
 * SCREENSHOTS=dir saves the Data step at 1280 and 390 px, light and dark, into dir.
 */
import assert from "node:assert/strict";
import type { Server } from "node:http";
import { createServer } from "node:http";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";

const port = 9170;
const sourcePort = 9171;
const sourceUrl = `http://127.0.0.1:${sourcePort}/results.csv`;
const skip = chromiumMissing() ?? undefined;
const screenshots = process.env.SCREENSHOTS;

/** The loopback source's CSV; null answers 503. */
let csv: string | null = "party,seats\nGreens,19\nLabour,38\n";

async function dataStep(page: Page): Promise<Locator> {
	await page.getByRole("tab", { name: /^Data/ }).click();
	return page.getByRole("tabpanel");
}

describe("live charts in the browser", { skip, timeout: 300_000 }, () => {
	let fixture: ConsoleFixture;
	let source: Server;
	let chartId: string;

	before(async () => {
		source = createServer((_req, res) => {
			if (csv === null) res.writeHead(503).end("busy");
			else res.writeHead(200, { "Content-Type": "text/csv" }).end(csv);
		});
		await new Promise<void>((resolve) => source.listen(sourcePort, "127.0.0.1", resolve));
		fixture = await startConsole(port, { demoCharts: false, vars: { LINKED_DATA_ALLOW_PRIVATE: "true" } });
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "horizontal-bar",
			data: "party,seats\nNobody,1\n",
			meta: { title: "Election night" },
		});
		chartId = String(created.id);
	});

	after(async () => {
		await fixture?.stop();
		await new Promise((r) => source?.close(r));
	});

	it("links the chart in the Data step, shows the reads, refreshes, and says why a read failed", async () => {
		const { page, problems } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${chartId}`);
		let panel = await dataStep(page);
		await panel.getByText("Link to a URL", { exact: true }).click();
		await panel.getByLabel("File address (URL)").fill(sourceUrl);
		await panel.getByLabel("Read it").selectOption({ label: "Every minute" });
		await panel.getByRole("button", { name: "Link and read now" }).click();
		await panel.getByText(sourceUrl, { exact: true }).waitFor();
		await panel.getByText("· new data read").waitFor();
		await panel.getByRole("gridcell", { name: "Labour" }).waitFor();
		const linked = (await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${chartId}`)) as {
			dataSource: { url: string; refreshMinutes: number };
		};
		assert.deepEqual([linked.dataSource.url, linked.dataSource.refreshMinutes], [sourceUrl, 1]);

		csv = "party,seats\nGreens,19\nLabour,38\nTeal,7\n";
		await panel.getByRole("button", { name: "Refresh now" }).click();
		await panel.getByRole("gridcell", { name: "Teal" }).waitFor();

		csv = null;
		await panel.getByRole("button", { name: "Refresh now" }).click();
		await panel.getByText("The last read failed.").waitFor();
		await panel.getByText("The source answered HTTP 503: the site had an error; it will be tried again.").waitFor();
		await panel.getByRole("gridcell", { name: "Teal" }).waitFor();
		await assertAccessible(page, "the Data step with a failing linked source");
		await assertNoHorizontalOverflow(page, "the Data step with a linked source");
		assert.deepEqual(problems, []);
		csv = "party,seats\nGreens,19\nLabour,38\nTeal,7\n";

		if (screenshots) {
			for (const mode of ["light", "dark"] as const) {
				for (const width of [1280, 390]) {
					const shot = await fixture.signedInPage(fixture.demo.editor, { width, mode, height: 900 });
					await shot.page.goto(`${fixture.server.url}/charts/${chartId}`);
					panel = await dataStep(shot.page);
					await panel.getByText(sourceUrl, { exact: true }).waitFor();
					await panel.getByRole("gridcell", { name: "Teal" }).waitFor();
					await shot.page.getByText("Loading the preview…").waitFor({ state: "hidden" });
					await shot.page.screenshot({ path: join(screenshots, `live-data-${width}-${mode}.png`), fullPage: true });
					await shot.context.close();
				}
			}
		}
		await page.context().close();
	});

	it("an open embed page shows the new data after a redraw, without the reader reloading", async () => {
		csv = "party,seats\nGreens,19\nLabour,38\nTeal,7\n";
		await fixture.api(fixture.demo.editor, "PUT", `/v1/charts/${chartId}/data`, { url: sourceUrl, refreshMinutes: 1 });
		const published = await fixture.api(fixture.demo.editor, "POST", `/v1/charts/${chartId}/publish`);
		const embedUrl = String(published.embedUrl);
		const context = await fixture.browser.newContext({ viewport: { width: 800, height: 600 } });
		const page = await context.newPage();
		await page.clock.install();
		await page.goto(embedUrl);
		await page.locator("main").waitFor();
		assert.doesNotMatch(await page.locator("main").innerHTML(), /Liberals/);

		csv = "party,seats\nGreens,19\nLabour,38\nTeal,7\nLiberals,4\n";
		await fixture.api(fixture.demo.editor, "POST", `/v1/charts/${chartId}/data/refresh`);
		// The page checks once a minute while visible: a minute on, it finds the new version.
		const reloaded = page.waitForEvent("load");
		await page.clock.fastForward(61_000);
		await reloaded;
		assert.equal(page.url(), embedUrl, "the same embed URL");
		assert.match(await page.locator("main").innerHTML(), /Liberals/);
		await context.close();
	});
});
