/**
 * The Charts screen (`/`) in a real browser against a real `wrangler dev` with the demo
 * workspace, driven the way a person does, by role and accessible name: the workspace's charts
 * (a teammate's and a script's included), search and sort, folders (new, rename, move by menu
 * and by drag, delete with its consequence said), duplicate, new chart, the tree's keys, and the
 * narrow layout without horizontal scrolling, in light and dark. Set CHARTS_SCREENSHOTS to a
 * folder to also write the screen at 1280 and 390 px, light and dark.
 * Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture, SignedInPage } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";

const skip = chromiumMissing() ?? false;

interface ApiChart {
	id: string;
	name: string;
	folderId: string | null;
	meta?: Record<string, unknown>;
}

/** The names of the listed charts, top to bottom. */
async function listedNames(page: Page): Promise<string[]> {
	return page
		.getByRole("list", { name: /^Charts in / })
		.getByRole("link")
		.allInnerTexts();
}

function row(page: Page, name: string): Locator {
	return page
		.getByRole("list", { name: /^Charts in / })
		.getByRole("listitem")
		.filter({ has: page.getByRole("link", { name, exact: true }) });
}

async function expectExpanded(target: Locator, expanded: boolean, message: string): Promise<void> {
	const handle = await target.elementHandle();
	assert.ok(handle, message);
	await target
		.page()
		.waitForFunction(([element, value]) => element.getAttribute("aria-expanded") === value, [handle, String(expanded)] as const, {
			timeout: 10_000,
		})
		.catch(() => assert.fail(message));
}

async function waitForNames(page: Page, expected: (names: string[]) => boolean, what: string): Promise<string[]> {
	const deadline = Date.now() + 10_000;
	let names: string[] = [];
	while (Date.now() < deadline) {
		names = await listedNames(page).catch(() => []);
		if (expected(names)) return names;
		await page.waitForTimeout(100);
	}
	assert.fail(`${what}: the list shows ${JSON.stringify(names)}`);
}

/** Waits until no dialog is open (its content goes before the element closes). */
async function dialogGone(dialog: Locator): Promise<void> {
	await dialog.waitFor({ state: "hidden" });
	await dialog.page().waitForFunction(() => !document.querySelector("dialog[open]"));
}

async function chooseFromMenu(page: Page, menu: string, item: string): Promise<void> {
	await page.getByRole("button", { name: menu, exact: true }).click();
	await page.getByRole("menuitem", { name: item, exact: true }).click();
}

/**
 * Focus lands on the tree item named `name` within 10 s (it moves in an effect, which a loaded
 * machine may run seconds late). It checks the focused element, not one element handle: a
 * keypress or a background refresh may draw the row anew, and the handle taken before would be a
 * detached copy while the new row has focus.
 */
async function expectTreeFocus(page: Page, name: string, message: string): Promise<void> {
	const focused = () =>
		page.evaluate(() => {
			const element = document.activeElement;
			return element ? `${element.tagName.toLowerCase()} role=${element.getAttribute("role")} “${element.textContent?.trim()}”` : "nothing";
		});
	await page
		.waitForFunction(
			(wanted) => {
				const element = document.activeElement;
				// The folder's name, without the count of charts beside it.
				return element?.getAttribute("role") === "treeitem" && element.querySelector(".tree-name")?.textContent?.trim() === wanted;
			},
			name,
			{ timeout: 10_000 },
		)
		.catch(async () => assert.fail(`${message} (focus is on ${await focused()})`));
}

describe("console charts screen in a browser", { skip }, () => {
	let fixture: ConsoleFixture;
	let editor: SignedInPage;
	let page: Page;
	const chartRequests: string[] = [];

	const apiChart = async (id: string) => (await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}`)) as unknown as ApiChart;
	const apiCharts = async () => ((await fixture.api(fixture.demo.editor, "GET", "/v1/charts")) as unknown as { charts: ApiChart[] }).charts;
	const apiFolders = async () =>
		(
			(await fixture.api(fixture.demo.editor, "GET", "/v1/folders")) as unknown as {
				folders: { id: string; name: string; parentId: string | null }[];
			}
		).folders;
	const chartNamed = async (name: string) => {
		const chart = (await apiCharts()).find((c) => c.name === name);
		assert.ok(chart, `no chart named ${name}`);
		return chart;
	};

	before(async () => {
		// The demo charts unfiled: this test builds its own folder tree.
		fixture = await startConsole(8861, { demoFolders: false });
		// One chart made by a script with the editor's key, one by the teammate, before the page opens.
		await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "pie",
			data: "party,share\nGreens,31\nLabour,44\nOthers,25\n",
			meta: { title: "Made by a script" },
		});
		await fixture.api(fixture.demo.teammate, "POST", "/v1/charts", { kind: "table", meta: { title: "Teammate turnout table" } });
		editor = await fixture.signedInPage(fixture.demo.editor);
		page = editor.page;
		page.setDefaultTimeout(10_000);
		page.on("request", (request) => {
			if (new URL(request.url()).pathname === "/v1/charts" && request.method() === "GET") chartRequests.push(request.url());
		});
	});

	after(async () => {
		await fixture?.stop();
	});

	it("lists every chart of the workspace: the demo's, a script's and a teammate's", async () => {
		await page.goto(`${fixture.server.url}/`);
		await page.getByRole("heading", { name: "All charts", level: 1 }).waitFor();
		const names = await waitForNames(page, (n) => n.length >= 5, "the charts never listed");
		for (const name of ["Life expectancy at birth", "Seats by party", "Population", "Made by a script", "Teammate turnout table"]) {
			assert.ok(names.includes(name), `${name} is not listed: ${JSON.stringify(names)}`);
		}
		const seats = row(page, "Seats by party");
		assert.match(await seats.innerText(), /Bar[\s\S]*Published/);
		const script = row(page, "Made by a script");
		assert.match(await script.innerText(), /Pie[\s\S]*Draft/);
		assert.match(await row(page, "Teammate turnout table").innerText(), /Table[\s\S]*Draft/);
		// Edited time: relative in words, exact in the machine-readable attribute and on hover.
		const time = script.locator("time");
		assert.match(await time.innerText(), /^edited /);
		assert.ok(!Number.isNaN(Date.parse((await time.getAttribute("datetime")) ?? "")), "the time has no datetime");
		assert.match((await time.getAttribute("title")) ?? "", /^Edited \w/);
		// The name opens the editor.
		assert.match((await page.getByRole("link", { name: "Made by a script", exact: true }).getAttribute("href")) ?? "", /^\/charts\/ch_/);
		assert.equal(await page.getByText(`${names.length} charts`, { exact: true }).isVisible(), true, "the count is not shown");
	});

	it("narrows the list by search (the API's ?search=) and sorts by name", async () => {
		const search = page.getByRole("searchbox", { name: "Search charts" });
		await page.getByRole("heading", { name: "All charts", level: 1 }).click();
		await page.keyboard.press("/");
		assert.equal(await search.evaluate((el) => el === document.activeElement), true, "/ does not focus search");
		await page.keyboard.type("SEATS");
		await waitForNames(page, (n) => n.length === 1 && n[0] === "Seats by party", "search for SEATS");
		assert.ok(
			chartRequests.some((url) => new URL(url).searchParams.get("search") === "SEATS"),
			"the search did not go to the API",
		);
		await search.fill("no chart is called this");
		await page.getByRole("heading", { name: "No charts match “no chart is called this”" }).waitFor();
		await page.getByRole("button", { name: "Clear search" }).click();
		await waitForNames(page, (n) => n.length >= 5, "clearing the search");

		await page.getByLabel("Sort").selectOption({ label: "Name" });
		const collator = new Intl.Collator(undefined, { sensitivity: "base" });
		const names = await waitForNames(
			page,
			(n) => n.length >= 5 && n.join("|") === [...n].sort(collator.compare).join("|"),
			"sorting by name",
		);
		assert.ok(
			chartRequests.some((url) => new URL(url).searchParams.get("sort") === "name"),
			"the sort did not go to the API",
		);
		assert.ok(names.indexOf("Inflation is easing") < names.indexOf("Life expectancy at birth"), "I comes after L");
		await page.getByLabel("Sort").selectOption({ label: "Updated" });
	});

	it("makes a folder and moves a chart into it by its menu, and another by drag", async () => {
		await page.getByRole("button", { name: "New folder", exact: true }).click();
		const dialog = page.getByRole("dialog", { name: "New folder" });
		await dialog.getByLabel("Name").fill("Elections");
		await dialog.getByRole("button", { name: "Create folder" }).click();
		await dialogGone(dialog);
		const elections = page.getByRole("treeitem", { name: "Elections" });
		await elections.waitFor();
		const folder = (await apiFolders()).find((f) => f.name === "Elections");
		assert.ok(folder, "the folder was not made");

		// By the row's menu.
		await chooseFromMenu(page, "Actions for Seats by party", "Move to…");
		const move = page.getByRole("dialog", { name: "Move “Seats by party”" });
		await move.getByRole("radio", { name: /Elections/ }).check();
		await move.getByRole("button", { name: "Move", exact: true }).click();
		await dialogGone(move);
		await page.getByRole("main").getByText("Moved “Seats by party” to Elections.").waitFor();
		assert.equal((await chartNamed("Seats by party")).folderId, folder.id);

		// By dragging the row onto the folder.
		await row(page, "Population").dragTo(elections);
		await page.getByRole("main").getByText("Moved “Population” to Elections.").waitFor();
		assert.equal((await chartNamed("Population")).folderId, folder.id);

		// The folder shows what is filed in it, at a linkable URL.
		await elections.click();
		await page.waitForURL((url) => url.searchParams.get("folder") === folder.id);
		await page.getByRole("heading", { name: "Elections", level: 1 }).waitFor();
		assert.equal(await elections.getAttribute("aria-selected"), "true");
		const inFolder = await waitForNames(page, (n) => n.length === 2, "the folder's charts");
		assert.deepEqual([...inFolder].sort(), ["Population", "Seats by party"]);
	});

	it("nests folders by drag and refuses a folder beneath itself", async () => {
		await page.getByRole("button", { name: "New folder", exact: true }).click();
		const dialog = page.getByRole("dialog", { name: "New folder" });
		await dialog.getByLabel("Name").fill("Economy");
		await dialog.getByLabel("Inside").selectOption({ label: "All charts (top level)" });
		await dialog.getByRole("button", { name: "Create folder" }).click();
		await dialogGone(dialog);
		const economy = page.getByRole("treeitem", { name: "Economy" });
		assert.equal(await economy.getAttribute("aria-level"), "1");

		await economy.dragTo(page.getByRole("treeitem", { name: "Elections" }));
		await page.getByRole("main").getByText("Moved folder “Economy” to Elections.").waitFor();
		assert.equal(await economy.getAttribute("aria-level"), "2");
		const folders = await apiFolders();
		const elections = folders.find((f) => f.name === "Elections");
		assert.equal(folders.find((f) => f.name === "Economy")?.parentId, elections?.id);
		assert.equal(await page.getByRole("treeitem", { name: "Elections" }).getAttribute("aria-expanded"), "true");

		// Elections cannot go into Economy, which is inside it.
		await chooseFromMenu(page, "Folder actions for Elections", "Move to…");
		const move = page.getByRole("dialog", { name: "Move “Elections”" });
		assert.equal(await move.getByRole("radio", { name: /Economy/ }).isDisabled(), true, "a folder may move beneath itself");
		assert.equal(await move.getByRole("radio", { name: /^Elections/ }).isDisabled(), true);
		await move.getByRole("button", { name: "Cancel" }).click();
		await dialogGone(move);

		// The Elections view lists the folder inside it, above its charts, as a way in.
		await page.getByRole("treeitem", { name: "Elections" }).click();
		await page.getByRole("heading", { name: "Elections", level: 1 }).waitFor();
		const inside = page.getByRole("navigation", { name: "Folders in Elections" });
		await inside.getByRole("link", { name: "Economy" }).click();
		await page.getByRole("heading", { name: "Economy", level: 1 }).waitFor();
		assert.equal(await page.getByRole("navigation", { name: "Folders in Economy" }).count(), 0, "a folder without folders lists none");
		await page.getByRole("treeitem", { name: "Elections" }).click();
		await page.getByRole("heading", { name: "Elections", level: 1 }).waitFor();
		assert.equal(await page.getByRole("treeitem", { name: "Elections" }).getAttribute("aria-expanded"), "true");
	});

	// Right after the drag above: the moved folder's row is drawn anew, which once lost it to the keys.
	it("moves in the tree with arrow keys, also to and from a folder just moved by drag", async () => {
		const economy = page.getByRole("treeitem", { name: "Economy" });
		// Arrow keys: one tab stop, ↓ moves, ← closes, → opens, Enter opens the folder's charts.
		const tree = page.getByRole("tree", { name: "Folders" });
		const elections = tree.getByRole("treeitem", { name: "Elections" });
		await elections.focus();
		await expectTreeFocus(page, "Elections", "Elections did not take focus");
		await page.keyboard.press("ArrowDown");
		await expectTreeFocus(page, "Economy", "↓ did not reach Economy");
		await page.keyboard.press("ArrowLeft");
		await expectTreeFocus(page, "Elections", "← did not step out to the parent");
		await page.keyboard.press("ArrowLeft");
		await expectExpanded(elections, false, "← did not close the folder");
		assert.equal(await economy.count(), 0, "the closed folder still shows its subfolder");
		await page.keyboard.press("ArrowRight");
		await expectExpanded(elections, true, "→ did not open the folder");
		await expectTreeFocus(page, "Elections", "→ moved focus away from the folder it opened");
		await page.keyboard.press("ArrowUp");
		await expectTreeFocus(page, "All charts", "↑ did not reach All charts");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => window.location.pathname === "/" && window.location.search === "");
		assert.equal(await tree.locator("[tabindex='0']").count(), 1, "the tree has more than one tab stop");
	});

	it("renames a folder and deletes it, saying what moves up, and its charts stay", async () => {
		// From a fresh load, so that this test does not hang on where the keys above left focus.
		await page.goto(`${fixture.server.url}/`);
		await page.getByRole("treeitem", { name: "Elections" }).click();
		await page.getByRole("heading", { name: "Elections", level: 1 }).waitFor();
		await chooseFromMenu(page, "Folder actions for Elections", "Rename…");
		const rename = page.getByRole("dialog", { name: "Rename folder" });
		await rename.getByLabel("Name").fill("Elections 2026");
		await rename.getByRole("button", { name: "Rename" }).click();
		await dialogGone(rename);
		await page.getByRole("heading", { name: "Elections 2026", level: 1 }).waitFor();
		await page.getByRole("treeitem", { name: "Elections 2026" }).waitFor();

		await chooseFromMenu(page, "Folder actions for Elections 2026", "Delete folder…");
		const confirm = page.getByRole("dialog", { name: "Delete folder" });
		await confirm.getByText("Delete folder Elections 2026? Its 2 charts and 1 folder move up to All charts.").waitFor();
		// The destructive action is not the default.
		assert.equal(await confirm.getByRole("button", { name: "Cancel" }).evaluate((el) => el === document.activeElement), true);
		await confirm.getByRole("button", { name: "Delete folder" }).click();
		await dialogGone(confirm);
		await page.waitForURL((url) => !url.searchParams.has("folder"));
		await page.getByRole("main").getByText("Deleted folder “Elections 2026”.", { exact: false }).waitFor();
		assert.equal(await page.getByRole("treeitem", { name: "Elections 2026" }).count(), 0);
		assert.equal(await page.getByRole("treeitem", { name: "Economy" }).getAttribute("aria-level"), "1");
		const names = await waitForNames(
			page,
			// The list may draw the moved charts before the rest of the top level; wait for all of it.
			(n) => n.includes("Seats by party") && n.includes("Population") && n.length >= 5,
			"the folder's charts beside the top level's after deleting it",
		);
		assert.ok(names.length >= 5, `only ${names.join(", ")} listed`);
		assert.equal((await chartNamed("Seats by party")).folderId, null);
		assert.equal((await apiFolders()).find((f) => f.name === "Economy")?.parentId, null);
	});

	it("duplicates a chart and deletes the copy, saying the consequence", async () => {
		await chooseFromMenu(page, "Actions for Life expectancy at birth", "Duplicate");
		await waitForNames(page, (n) => n.includes("Life expectancy at birth (copy)"), "the duplicate");
		const copy = await chartNamed("Life expectancy at birth (copy)");
		assert.notEqual(copy.id, (await chartNamed("Life expectancy at birth")).id);

		await chooseFromMenu(page, "Actions for Seats by party", "Delete…");
		const published = page.getByRole("dialog", { name: "Delete chart" });
		await published.getByText(/It is published: its embeds stop working/).waitFor();
		await published.getByRole("button", { name: "Cancel" }).click();
		await dialogGone(published);

		await chooseFromMenu(page, "Actions for Life expectancy at birth (copy)", "Delete…");
		const confirm = page.getByRole("dialog", { name: "Delete chart" });
		assert.equal(await confirm.getByText(/It is published/).count(), 0, "a draft is said to be published");
		await confirm.getByRole("button", { name: "Delete chart" }).click();
		await waitForNames(page, (n) => n.length > 0 && !n.includes("Life expectancy at birth (copy)"), "deleting the copy");
		assert.equal(
			(await apiCharts()).some((c) => c.id === copy.id),
			false,
		);
	});

	it("makes a new chart in the folder shown with n and opens the editor", async () => {
		await page.getByRole("treeitem", { name: "Economy" }).click();
		await page.getByRole("heading", { name: "No charts in Economy yet" }).waitFor();
		const economy = (await apiFolders()).find((f) => f.name === "Economy");
		await page.getByRole("heading", { name: "Economy", level: 1 }).click();
		await page.keyboard.press("n");
		await page.waitForURL((url) => /^\/charts\/ch_/.test(url.pathname));
		const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");
		const made = await apiChart(id);
		assert.equal(made.name, "Untitled chart");
		assert.equal(made.folderId, economy?.id);
		await page.goBack();
		await page.getByRole("heading", { name: "Economy", level: 1 }).waitFor();
		await waitForNames(page, (n) => n.length === 1 && n[0] === "Untitled chart", "the new chart in its folder");
	});

	it("fits 390 px with a folder picker, in light and dark, and nothing went wrong", async () => {
		for (const mode of ["light", "dark"] as const) {
			const narrow = await fixture.signedInPage(fixture.demo.editor, { width: 390, height: 844, mode });
			await narrow.page.goto(`${fixture.server.url}/`);
			await waitForNames(narrow.page, (n) => n.length >= 5, `the list at 390 px, ${mode}`);
			const picker = narrow.page.getByRole("combobox", { name: "Folder" });
			assert.equal(await picker.isVisible(), true, "no folder picker at 390 px");
			assert.equal(await narrow.page.getByRole("tree").isVisible(), false, "the tree shows at 390 px");
			const seats = row(narrow.page, "Seats by party");
			for (const text of ["Bar", "Published"])
				assert.equal(await seats.getByText(text, { exact: true }).isVisible(), true, `${text} hidden`);
			await assertNoHorizontalOverflow(narrow.page, `the charts screen at 390 px, ${mode}`);
			await picker.selectOption({ label: "Economy" });
			await narrow.page.waitForURL((url) => url.searchParams.has("folder"));
			await waitForNames(narrow.page, (n) => n.length === 1, "the picker's folder");
			await assertNoHorizontalOverflow(narrow.page, `a folder at 390 px, ${mode}`);
			assert.deepEqual(narrow.problems, []);
			await narrow.context.close();
		}
		assert.deepEqual(editor.problems, []);
	});

	it("writes screenshots when asked", { skip: !process.env.CHARTS_SCREENSHOTS }, async () => {
		const dir = process.env.CHARTS_SCREENSHOTS as string;
		await mkdir(dir, { recursive: true });
		// A nested folder with a chart in it, so the tree and the rows' folder names show.
		const elections = (await fixture.api(fixture.demo.editor, "POST", "/v1/folders", { name: "Elections" })) as { id: string };
		const year = (await fixture.api(fixture.demo.editor, "POST", "/v1/folders", { name: "2026", parentId: elections.id })) as {
			id: string;
		};
		await fixture.api(fixture.demo.editor, "PATCH", `/v1/charts/${(await chartNamed("Seats by party")).id}`, { folderId: year.id });
		for (const mode of ["light", "dark"] as const) {
			for (const width of [1280, 390]) {
				const shot = await fixture.signedInPage(fixture.demo.editor, { width, height: width > 600 ? 800 : 844, mode });
				await shot.page.goto(`${fixture.server.url}/`);
				await waitForNames(shot.page, (n) => n.length >= 5, "the list");
				await shot.page.screenshot({ path: `${dir}/charts-${mode}-${width}.png` });
				assert.deepEqual(shot.problems, []);
				await shot.context.close();
			}
		}
	});
});
