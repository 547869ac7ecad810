/**
 * The Charts screen at a newsroom's archive size: 20,000 charts in 400 folders, inserted straight
 * into the local D1 (bench/archive-seed.ts). What a person sees, never how long it took: the page
 * holds a bounded number of rows whatever the list's length, each row says where it stands in the
 * whole list, a typed search lists exactly the matching charts and the tree narrows to their
 * folders, the keyboard reaches the last chart, and axe finds nothing, at 1280 and 390 px.
 * Set CHARTS_SCREENSHOTS to a folder to also write the list in light and dark at both widths.
 * Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { archiveChartName, archiveFolderName, archiveFolderOf, archiveParentOf, seedArchive } from "../../bench/archive-seed.ts";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import type { DemoKey } from "../harness/local/seed.ts";

const skip = chromiumMissing() ?? false;
const chartCount = 20_000;
const folderCount = 400;
/** A page with a few hundred rows at most, whatever the list's length. */
const maxRowsInPage = 300;

function list(page: Page) {
	return page.getByRole("list", { name: /^Charts in / });
}

async function rowsInPage(page: Page): Promise<number> {
	return list(page).locator("li").count();
}

async function listedNames(page: Page): Promise<string[]> {
	return list(page).getByRole("link").allInnerTexts();
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeout = 30_000): Promise<T> {
	const deadline = Date.now() + timeout;
	let value = await read();
	while (!done(value)) {
		if (Date.now() > deadline) assert.fail(`${what}: last seen ${JSON.stringify(value).slice(0, 400)}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
		value = await read();
	}
	return value;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

describe("Charts screen with 20,000 charts", { skip, timeout: 600_000 }, () => {
	let fixture: ConsoleFixture;
	let account: DemoKey;

	before(async () => {
		fixture = await startConsole(8983, { demoCharts: false });
		account = await fixture.newAccount("business", "archivist");
		await seedArchive(fixture.server.target, {
			workspaceId: account.workspaceId,
			accountId: account.accountId,
			charts: chartCount,
			folders: folderCount,
		});
	});

	after(async () => {
		await fixture?.stop();
	});

	it("draws a bounded number of rows, each placed in the whole list, and finds charts by a typed search", async () => {
		const { page, problems } = await fixture.signedInPage(account);
		page.setDefaultTimeout(30_000);
		await page.goto(`${fixture.server.url}/`);
		await list(page)
			.getByRole("link", { name: archiveChartName(1), exact: true })
			.waitFor();
		assert.ok((await rowsInPage(page)) <= maxRowsInPage, `${await rowsInPage(page)} rows in the page`);
		const first = list(page).getByRole("listitem").first();
		assert.equal(await first.getAttribute("aria-setsize"), String(chartCount));
		assert.equal(await first.getAttribute("aria-posinset"), "1");
		await page.getByText("20,000 charts", { exact: true }).waitFor();

		// Scrolled half way down, the rows there are drawn (and the page still holds a few hundred).
		await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
		await waitFor(
			() => listedNames(page),
			(names) => names.some((name) => /chart (9|10)\d{3}$/.test(name)),
			"the middle of the list is never drawn",
		);
		assert.ok((await rowsInPage(page)) <= maxRowsInPage, "too many rows in the page half way down");
		await page.evaluate(() => window.scrollTo(0, 0));

		// A search typed as a person types it lists exactly the matching charts, newest first.
		const needle = "weather chart 1235";
		const matching = Array.from({ length: chartCount }, (_, n) => n + 1).filter((i) => archiveChartName(i).toLowerCase().includes(needle));
		const expected = matching.map(archiveChartName);
		assert.ok(expected.length >= 2, "the search should match more than one chart");
		await page.getByRole("searchbox", { name: "Search charts" }).pressSequentially(needle);
		await waitFor(
			() => listedNames(page),
			(names) => JSON.stringify(names) === JSON.stringify(expected),
			`search for ${needle}`,
		);
		await page.getByText(`${expected.length} charts`, { exact: true }).waitFor();

		// The tree narrows to the folders holding matches and the folders above them.
		const holding = new Set<number>();
		for (const i of matching) {
			for (let j = archiveFolderOf(i, folderCount); j !== null; j = archiveParentOf(j)) holding.add(j);
		}
		const tree = page.getByRole("tree", { name: "Folders" });
		const treeNames = await waitFor(
			async () => (await tree.getByRole("treeitem").locator(".tree-name").allInnerTexts()).map((text) => text.trim()),
			(names) => names.length === holding.size + 1,
			"the tree never narrowed to the matches' folders",
		);
		for (const j of holding) assert.ok(treeNames.includes(archiveFolderName(j)), `${archiveFolderName(j)} is not in the narrowed tree`);

		await page.getByRole("searchbox", { name: "Search charts" }).fill("");
		await list(page)
			.getByRole("link", { name: archiveChartName(1), exact: true })
			.waitFor();
		await assertAccessible(page, "the charts list with 20,000 charts");
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it("reaches the last chart by keyboard, loading and drawing it on the way", async () => {
		const { page, problems } = await fixture.signedInPage(account);
		page.setDefaultTimeout(60_000);
		await page.goto(`${fixture.server.url}/`);
		await list(page)
			.getByRole("link", { name: archiveChartName(1), exact: true })
			.focus();
		await page.keyboard.press("ArrowDown");
		assert.equal(await focusedText(page), archiveChartName(2));
		await page.keyboard.press("End");
		const last = archiveChartName(chartCount);
		await waitFor(
			() => focusedText(page),
			(text) => text === last,
			"End never reached the last chart",
			120_000,
		);
		assert.equal(await page.locator("li:focus-within").getAttribute("aria-posinset"), String(chartCount));
		assert.ok(await page.locator(":focus").isVisible(), "the last chart has focus but is not on screen");
		await page.keyboard.press("ArrowUp");
		await waitFor(
			() => focusedText(page),
			(text) => text === archiveChartName(chartCount - 1),
			"ArrowUp from the last chart",
		);
		assert.ok((await rowsInPage(page)) <= maxRowsInPage, `${await rowsInPage(page)} rows in the page at the end`);
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it("fits 390 px, with bounded rows and no horizontal scrolling, and is axe-clean there in dark", async () => {
		const { page, problems } = await fixture.signedInPage(account, { width: 390, height: 844, mode: "dark" });
		await page.goto(`${fixture.server.url}/`);
		await list(page)
			.getByRole("link", { name: archiveChartName(1), exact: true })
			.waitFor();
		assert.ok((await rowsInPage(page)) <= maxRowsInPage, `${await rowsInPage(page)} rows in the page at 390 px`);
		await assertNoHorizontalOverflow(page, "the charts list at 390 px");
		await assertAccessible(page, "the charts list with 20,000 charts at 390 px, dark");
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it("writes screenshots of the list when asked (CHARTS_SCREENSHOTS)", async (t) => {
		const folder = process.env.CHARTS_SCREENSHOTS;
		if (!folder) {
			t.skip("CHARTS_SCREENSHOTS is not set");
			return;
		}
		await mkdir(folder, { recursive: true });
		for (const mode of ["light", "dark"] as const) {
			for (const width of [1280, 390]) {
				const { page } = await fixture.signedInPage(account, { width, height: width === 390 ? 844 : 860, mode });
				await page.goto(`${fixture.server.url}/`);
				await list(page)
					.getByRole("link", { name: archiveChartName(1), exact: true })
					.waitFor();
				await page.screenshot({ path: `${folder}/charts-archive-${mode}-${width}.png` });
				await page.context().close();
			}
		}
	});
});
