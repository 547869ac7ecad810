/**
 * The Charts screen at a newsroom's archive size: 20,000 charts in 2,000 folders, inserted straight
 * into the local D1 (bench/archive-seed.ts). What a person sees, never how long it took: the page
 * holds a bounded number of rows whatever the list's length, each row says where it stands in the
 * whole list, a typed search lists exactly the matching charts and the tree narrows to their
 * folders, the keyboard reaches the last chart, and axe finds nothing, at 1280 and 390 px. The
 * tree: collapsed but for the way to the folder shown, each folder with its count, a bounded
 * number of folders in the page, the keyboard reaching the last folder, a rename and a move (the
 * Move dialog draws 100 folders and finds the others by name).
 * Set CHARTS_SCREENSHOTS to a folder to also write the list in light and dark at both widths.
 * Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
	archiveChartName,
	archiveFolderId,
	archiveFolderName,
	archiveFolderOf,
	archiveParentOf,
	seedArchive,
} from "../../bench/archive-seed.ts";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import type { DemoKey } from "../harness/local/seed.ts";

const skip = chromiumMissing() ?? false;
const chartCount = 20_000;
const folderCount = 2_000;
/** A page with a few hundred rows at most, whatever the list's length. */
const maxRowsInPage = 300;
/** The tree's share of them: the folders in the pane's view and a few either side. */
const maxFoldersInPage = 150;
/** A folder five levels down: Transport 4 / Election 16 / Election 64 / Election 256 / Election 1024. */
const deepFolder = 1024;

/** The folders above folder `j`, outermost first. */
function ancestorsOf(j: number): number[] {
	const out: number[] = [];
	for (let parent = archiveParentOf(j); parent !== null; parent = archiveParentOf(parent)) out.unshift(parent);
	return out;
}

/** How many charts the seed files directly in folder `j`. */
function chartsIn(j: number): number {
	let n = 0;
	for (let i = 1; i <= chartCount; i++) if (archiveFolderOf(i, folderCount) === j) n++;
	return n;
}

/** The top-level folders in the tree's order (names A to Z, numbers as numbers). */
function topLevelFolders(): number[] {
	const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
	return Array.from({ length: folderCount }, (_, n) => n + 1)
		.filter((j) => archiveParentOf(j) === null)
		.sort((a, b) => collator.compare(archiveFolderName(a), archiveFolderName(b)));
}

function tree(page: Page) {
	return page.getByRole("tree", { name: "Folders" });
}

/**
 * A folder's item by its name, which the count follows (", 10 charts"; the name and the count are
 * flex items, so the accessible name may hold a space between them).
 */
function namedItem(page: Page, name: string, count = "\\d[\\d,]* charts?") {
	return tree(page).getByRole("treeitem", { name: new RegExp(`^${name} ?, ${count}$`) });
}

function treeItem(page: Page, j: number) {
	return namedItem(page, archiveFolderName(j));
}

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
		const treeNames = await waitFor(
			async () => (await tree(page).getByRole("treeitem").locator(".tree-name").allInnerTexts()).map((text) => text.trim()),
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

	it("shows 2,000 folders collapsed, each with its count, a bounded number at a time, all reached by keyboard", async () => {
		const { page, problems } = await fixture.signedInPage(account);
		page.setDefaultTimeout(30_000);
		await page.goto(`${fixture.server.url}/`);
		await namedItem(page, "All charts", "20,000 charts").waitFor();
		const roots = topLevelFolders();
		const first = roots[0] as number;
		await treeItem(page, first).waitFor();
		assert.equal(await tree(page).locator("[aria-expanded='true']").count(), 0, "a folder is open before anyone opened it");
		const items = tree(page).getByRole("treeitem");
		assert.ok((await items.count()) <= maxFoldersInPage, `${await items.count()} folders in the page`);
		assert.equal(await treeItem(page, first).getAttribute("aria-setsize"), String(roots.length + 1));
		assert.equal(await treeItem(page, first).getAttribute("aria-posinset"), "2");

		// Every folder drawn says how many charts it holds, as the seed filed them.
		const drawn = await items.locator(".tree-name").allInnerTexts();
		for (const name of drawn.slice(1, 12)) {
			const j = Number(name.match(/(\d+)$/)?.[1]);
			const count = chartsIn(j);
			await namedItem(page, name, count === 1 ? "1 chart" : `${count} charts`).waitFor();
		}

		// End reaches the last folder, drawn and in view; Home comes back to All charts.
		await tree(page)
			.getByRole("treeitem", { name: /^All charts/ })
			.focus();
		await page.keyboard.press("End");
		const last = archiveFolderName(roots.at(-1) as number);
		await waitFor(
			() => focusedText(page),
			(text) => text.startsWith(last),
			"End never reached the last folder",
		);
		const focused = page.locator("[role=treeitem]:focus");
		assert.equal(await focused.getAttribute("aria-posinset"), String(roots.length + 1));
		assert.ok(await focused.isVisible(), "the last folder has focus but is not drawn");
		assert.ok((await items.count()) <= maxFoldersInPage, `${await items.count()} folders in the page at the end`);
		await page.keyboard.press("ArrowUp");
		await waitFor(
			() => focusedText(page),
			(text) => text.startsWith(archiveFolderName(roots.at(-2) as number)),
			"ArrowUp from the last folder",
		);
		await page.keyboard.press("Home");
		await waitFor(
			() => focusedText(page),
			(text) => text.startsWith("All charts"),
			"Home never came back to All charts",
		);
		assert.equal(await tree(page).locator("[tabindex='0']").count(), 1, "the tree has more than one tab stop");
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it("opens the tree to the folder shown, and renames and moves it there", async () => {
		const { page, problems } = await fixture.signedInPage(account);
		page.setDefaultTimeout(30_000);
		const id = archiveFolderId(account.workspaceId, deepFolder);
		await page.goto(`${fixture.server.url}/?folder=${encodeURIComponent(id)}`);
		const name = archiveFolderName(deepFolder);
		await page.getByRole("heading", { name, level: 1 }).waitFor();
		const shown = treeItem(page, deepFolder);
		await shown.waitFor();
		assert.equal(await shown.getAttribute("aria-selected"), "true");
		assert.equal(await shown.getAttribute("aria-level"), String(ancestorsOf(deepFolder).length + 1));
		assert.ok(await shown.isVisible(), "the folder shown is not in the pane's view");
		for (const j of ancestorsOf(deepFolder)) {
			assert.equal(await treeItem(page, j).getAttribute("aria-expanded"), "true", `${archiveFolderName(j)} is closed`);
		}
		assert.equal(
			await tree(page).locator("[aria-expanded='true']").count(),
			ancestorsOf(deepFolder).length,
			"folders other than the way to the folder shown are open",
		);
		assert.ok((await tree(page).getByRole("treeitem").count()) <= maxFoldersInPage, "too many folders in the page");

		await page.getByRole("button", { name: `Folder actions for ${name}`, exact: true }).click();
		await page.getByRole("menuitem", { name: "Rename…", exact: true }).click();
		const rename = page.getByRole("dialog", { name: "Rename folder" });
		const renamed = `${name} results`;
		await rename.getByLabel("Name").fill(renamed);
		await rename.getByRole("button", { name: "Rename" }).click();
		await page.getByRole("heading", { name: renamed, level: 1 }).waitFor();
		await namedItem(page, renamed).waitFor();

		await page.getByRole("button", { name: `Folder actions for ${renamed}`, exact: true }).click();
		await page.getByRole("menuitem", { name: "Move to…", exact: true }).click();
		const move = page.getByRole("dialog", { name: `Move “${renamed}”` });
		// 2,000 folders: the top level and the first 100 are drawn, and a typed name finds any other.
		await move.getByText(`Showing 100 of ${folderCount.toLocaleString("en")} folders. Type part of a name to find the rest.`).waitFor();
		assert.equal(await move.getByRole("radio").count(), 101);
		const far = archiveFolderName(folderCount);
		await move.getByRole("searchbox", { name: "Find a folder" }).fill(far);
		const found = move.getByRole("radio", {
			name: new RegExp(`^${far} ?\\(in ${ancestorsOf(folderCount).map(archiveFolderName).join(" / ")}\\)$`),
		});
		await found.check();
		assert.equal(await move.getByRole("radio").count(), 2, "only the top level and the one folder of that name");
		await assertAccessible(page, "the Move dialog finding a folder among 2,000");
		await move.getByRole("searchbox", { name: "Find a folder" }).fill("");
		await move.getByRole("radio", { name: /^All charts/ }).check();
		await move.getByRole("button", { name: "Move" }).click();
		await page.getByText(`Moved folder “${renamed}” to All charts.`).waitFor();
		const moved = namedItem(page, renamed);
		await waitFor(
			() => moved.getAttribute("aria-level"),
			(level) => level === "1",
			"the moved folder is not at the top level",
		);
		assert.equal(await moved.getAttribute("aria-selected"), "true");
		assert.equal(await moved.getAttribute("aria-setsize"), String(topLevelFolders().length + 2));
		await assertAccessible(page, "the charts screen with 2,000 folders, one open");
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it("writes screenshots of the list and the Move dialog when asked (CHARTS_SCREENSHOTS)", async (t) => {
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
				// The tree opened down to a folder five levels deep.
				await page.goto(`${fixture.server.url}/?folder=${encodeURIComponent(archiveFolderId(account.workspaceId, deepFolder / 4))}`);
				await page.getByRole("heading", { name: archiveFolderName(deepFolder / 4), level: 1 }).waitFor();
				await page.screenshot({ path: `${folder}/charts-archive-folder-${mode}-${width}.png` });
				// The Move dialog among 2,000 folders: the first 100, then a name typed.
				await page.goto(`${fixture.server.url}/`);
				await page.getByRole("button", { name: `Actions for ${archiveChartName(1)}`, exact: true }).click();
				await page.getByRole("menuitem", { name: "Move to…", exact: true }).click();
				const move = page.getByRole("dialog", { name: `Move “${archiveChartName(1)}”` });
				await move.getByText(/^Showing 100 of/).waitFor();
				await page.screenshot({ path: `${folder}/charts-archive-move-${mode}-${width}.png` });
				await move.getByRole("searchbox", { name: "Find a folder" }).fill("Election 20");
				await move.getByText(/^Showing 100 of/).waitFor({ state: "detached" });
				await page.screenshot({ path: `${folder}/charts-archive-move-found-${mode}-${width}.png` });
				await page.context().close();
			}
		}
	});
});
