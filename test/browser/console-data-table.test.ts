/**
 * The Data step's editable table and History's summaries in a real
 * browser: edit a cell and see the CSV export change, move and edit by keyboard (arrows, Enter,
 * Tab), paste a spreadsheet range, undo, leave a column out of the chart (the SVG export drops
 * it, the data keeps it), delete a column, read a library chart's table as read-only, and read
 * in History what each version changed. axe on both steps, light and dark, 1280 and 390 px;
 * screenshots into CHARTS_SCREENSHOTS when set.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { eventually } from "../harness/browser/eventually.ts";

const port = 9200;
const skip = chromiumMissing() ?? false;
const screenshots = process.env.CHARTS_SCREENSHOTS;

function cell(page: Page, row: number, column: number) {
	return page.locator(`[data-cell="${row}:${column}"]`);
}

/** Waits until focus is on the cell `expected` ("row:column"), failing with `what`. */
async function focusIsOn(page: Page, expected: string, what: string): Promise<void> {
	let last: string | null = null;
	for (let tries = 0; tries < 50; tries++) {
		last = await page.evaluate(() => document.activeElement?.getAttribute("data-cell") ?? null);
		if (last === expected) return;
		await page.waitForTimeout(100);
	}
	assert.equal(last, expected, what);
}

/** Waits until focus is on a cell of the grid, failing with `what`. */
async function focusIsInGrid(page: Page, what: string): Promise<void> {
	await eventually(`focus in the grid ${what}`, () =>
		page.evaluate(() => Boolean(document.activeElement?.closest('[role="grid"]') && document.activeElement?.hasAttribute("data-cell"))),
	);
}

describe("console data table and history", { skip }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
	});
	after(async () => {
		await fixture?.stop();
	});

	async function exported(id: string, format: "csv" | "svg"): Promise<string> {
		const res = await fetch(`${fixture.server.url}/v1/charts/${id}/export/${format}`, {
			headers: { Authorization: `Bearer ${fixture.demo.editor.key}` },
		});
		assert.equal(res.status, 200, `export ${format}`);
		return res.text();
	}

	it("edits cells by mouse and keyboard, pastes, undoes, leaves out and deletes a column, and History says so", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "year,China,India,Brazil\n2000,71.4,62.9,70.1\n2005,72.9,64.8,71.9\n2010,74.4,66.6,73.6\n",
			meta: { title: "Life expectancy" },
		});
		const id = String(created.id);
		const { page, problems, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${id}`);
		const grid = page.getByRole("grid");
		await grid.waitFor();
		const saved = page.getByText("Saved as the chart's data");

		// A typo fixed with the mouse and typing: the CSV export has the new value.
		await cell(page, 0, 1).click();
		await page.keyboard.type("71.5");
		await page.keyboard.press("Enter");
		await focusIsOn(page, "1:1", "Enter moves down");
		await eventually("the export", async () => (await exported(id, "csv")).includes("2000,71.5,62.9,70.1"));
		await saved.waitFor();

		// Keyboard only: arrows, Enter to edit, Tab to commit and move right, Escape to cancel.
		await page.keyboard.press("ArrowRight");
		await focusIsOn(page, "1:2", "an arrow moves");
		await page.keyboard.press("Enter");
		await page.keyboard.press("Control+a");
		await page.keyboard.type("65");
		await page.keyboard.press("Tab");
		await focusIsOn(page, "1:3", "Tab moves right");
		await page.keyboard.type("99");
		await page.keyboard.press("Escape");
		await focusIsOn(page, "1:3", "Escape goes back to the cell");
		assert.equal(await cell(page, 1, 3).textContent(), "71.9", "Escape cancels");
		await page.keyboard.press("ArrowUp");
		await focusIsOn(page, "0:3", "up");
		await page.keyboard.press("ArrowUp");
		await focusIsOn(page, "-1:3", "the header is a row too");
		await page.keyboard.press("Enter");
		await page.keyboard.press("Control+a");
		await page.keyboard.type("Brasil");
		await page.keyboard.press("Enter");
		await eventually("the keyboard edits", async () =>
			(await exported(id, "csv")).startsWith("year,China,India,Brasil\n2000,71.5,62.9,70.1\n2005,72.9,65,71.9"),
		);

		// Shift+arrows select a range; copying puts it on the clipboard as a spreadsheet reads it.
		await cell(page, 0, 1).click();
		await page.keyboard.press("Shift+ArrowRight");
		await page.keyboard.press("Shift+ArrowDown");
		await eventually("the selection", async () => (await grid.locator('[aria-selected="true"]').count()) === 4);
		const copied = await page.evaluate(() => {
			const data = new DataTransfer();
			document.activeElement?.dispatchEvent(new ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }));
			return data.getData("text/plain");
		});
		assert.equal(copied, "71.5\t62.9\n72.9\t65");

		// A range from a spreadsheet, pasted below the last row, grows the table.
		await cell(page, 2, 0).click();
		await grid.evaluate((table) => {
			const data = new DataTransfer();
			data.setData("text/plain", "2015\t76.1\t68.6\t75.2\r\n2020\t77.1\t70.2\t76.1\r\n");
			const target = table.querySelector('[data-cell="2:0"]');
			target?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
		});
		await eventually("the pasted rows", async () => (await exported(id, "csv")).includes("2020,77.1,70.2,76.1"));
		assert.match(await exported(id, "csv"), /2015,76\.1,68\.6,75\.2\n2020/);

		// Undo (Ctrl+Z in the grid) takes the paste back, and saves that too.
		await cell(page, 0, 0).click();
		await page.keyboard.press("Control+z");
		await eventually("the undo", async () => !(await exported(id, "csv")).includes("2020"));

		// Leave India out of the chart: the drawing drops it, the data keeps it.
		await cell(page, 0, 2).click();
		await page.getByRole("checkbox", { name: "Draw this column in the chart" }).uncheck();
		await grid.getByText("Not drawn").waitFor();
		await eventually("India left out of the SVG", async () => !(await exported(id, "svg")).includes(">India<"));
		assert.match(await exported(id, "csv"), /India/);

		// Delete a column from the toolbar.
		await cell(page, 0, 3).click();
		await page.getByRole("button", { name: "Delete column “Brasil”" }).click();
		await eventually("the column deleted", async () => (await exported(id, "csv")).startsWith("year,China,India\n"));

		await assertAccessible(page, "the Data step with the editable table (light, 1280 px)");

		// History says what each version changed, who and when.
		await page.getByRole("tab", { name: "History" }).click();
		const versions = page.getByRole("list", { name: "Versions, newest first" });
		await versions.getByText("Data: 4 → 3 columns, removed 'Brasil'").waitFor();
		await versions.getByText("Left 'India' out of the chart").waitFor();
		await versions.getByText("Data: '2000', 'China': 71.4 → 71.5").waitFor();
		await versions.getByText("Created with 3 rows × 4 columns").waitFor();
		assert.match((await versions.getByRole("listitem").first().textContent()) ?? "", /You · /);
		await assertAccessible(page, "History with summaries (light, 1280 px)");
		assert.deepEqual(
			problems.filter((problem) => !problem.includes("status of 412")),
			[],
		);
		await context.close();
	});

	/** Edits one cell the way a person does: click it, type (which opens its editor), Enter. */
	async function typeInto(page: Page, row: number, column: number, text: string): Promise<void> {
		await cell(page, row, column).click();
		await page.keyboard.type(text);
		await page.keyboard.press("Enter");
	}

	/** The editor's save state in its header, as read out. */
	async function headerSaveState(page: Page): Promise<string> {
		return ((await page.locator(".editor-toolbar").getByRole("status").textContent()) ?? "").trim();
	}

	it("keeps every edit after a refused cell, saves the valid ones, says Not saved and asks before leaving", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "horizontal-bar",
			data: "party,seats 2022,seats 2026\nGreens,12,19\nLabour,41,38\nLiberals,27,30\nNationals,10,9\n",
			meta: { title: "Seats" },
		});
		const id = String(created.id);
		const { page, problems, context } = await fixture.signedInPage(fixture.demo.editor);
		const asked: string[] = [];
		page.on("dialog", (dialog) => {
			asked.push(dialog.message());
			void dialog.dismiss();
		});
		await page.goto(`${fixture.server.url}/charts/${id}`);
		await page.getByRole("grid").waitFor();

		// A typo (the letter O in a number), then five good numbers.
		await typeInto(page, 0, 2, "2O");
		await eventually("the refused cell marked", async () => (await cell(page, 0, 2).getAttribute("aria-invalid")) === "true");
		const refusal = page.getByRole("alert").filter({ hasText: "Not saved" });
		await refusal.waitFor();
		await typeInto(page, 1, 2, "40");
		await typeInto(page, 2, 2, "31");
		await typeInto(page, 3, 2, "8");
		await typeInto(page, 0, 1, "13");
		await typeInto(page, 1, 1, "42");

		// The five good edits reach the API; the held cell keeps its saved value there.
		const fiveSaved = "party,seats 2022,seats 2026\nGreens,13,19\nLabour,42,40\nLiberals,27,31\nNationals,10,8\n";
		await eventually("the five valid edits saved", async () => (await exported(id, "csv")) === fiveSaved);
		await eventually("the header says Not saved", async () => (await headerSaveState(page)) === "Not saved");
		assert.equal(await page.getByText("Saved as the chart's data").count(), 0, "no Saved beside a refusal");
		assert.equal(await cell(page, 0, 2).textContent(), "2O", "the refused value is kept where it was typed");
		await refusal.waitFor();

		// Another step and back: every edit is still there, the refused one still marked.
		await page.getByRole("tab", { name: "Publish" }).click();
		await page.getByRole("tab", { name: "Data" }).click();
		await page.getByRole("grid").waitFor();
		const shown = await Promise.all(
			[
				[0, 2],
				[1, 2],
				[2, 2],
				[3, 2],
				[0, 1],
				[1, 1],
			].map(([row, column]) => cell(page, row as number, column as number).textContent()),
		);
		assert.deepEqual(shown, ["2O", "40", "31", "8", "13", "42"], "all six edits kept after leaving the step");
		assert.equal(await cell(page, 0, 2).getAttribute("aria-invalid"), "true");
		assert.equal(await headerSaveState(page), "Not saved");

		// Leaving the chart asks first (in the app and when closing the tab); staying keeps it all.
		await page.locator(".editor-toolbar").getByRole("link", { name: "Charts" }).click();
		await eventually("the question before leaving", async () => asked.length === 1);
		assert.equal(new URL(page.url()).pathname, `/charts/${id}`, "staying when asked");
		const tabCloseAsks = await page.evaluate(() => {
			const event = new Event("beforeunload", { cancelable: true });
			window.dispatchEvent(event);
			return event.defaultPrevented;
		});
		assert.ok(tabCloseAsks, "closing the tab asks too");

		// The person fixes the typo: all six edits are saved and the header says so.
		await typeInto(page, 0, 2, "20");
		await eventually("all six edits saved", async () => (await exported(id, "csv")) === fiveSaved.replace("Greens,13,19", "Greens,13,20"));
		await eventually("the header says Saved", async () => (await headerSaveState(page)) === "Saved");
		await page.getByText("Saved as the chart's data").waitFor();
		assert.equal(await refusal.count(), 0);
		await page.reload();
		await page.getByRole("grid").waitFor();
		assert.equal(await cell(page, 0, 2).textContent(), "20");
		assert.deepEqual(
			problems.filter((problem) => !problem.includes("status of 422")),
			[],
		);
		await context.close();
	});

	it("undoes what the person just did, in order, table edits and settings alike", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "year,North,South\n2020,1,2\n2021,3,4\n",
			meta: { title: "Before" },
		});
		const id = String(created.id);
		const { page, problems, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${id}`);
		await page.getByRole("grid").waitFor();
		const header = () => page.getByRole("grid").locator("thead th .column-name").allTextContents();
		const headerUndo = page.locator(".editor-toolbar").getByRole("button", { name: "Undo" });

		// The title, then a column deleted with the toolbar: Ctrl+Z takes back the column first.
		await page.getByLabel("Chart title").fill("After");
		await cell(page, 0, 2).click();
		await page.getByRole("button", { name: "Delete column “South”" }).click();
		assert.deepEqual(await header(), ["year", "North"]);
		await page.keyboard.press("Control+z");
		await eventually("the column back", async () => (await header()).join() === "year,North,South");
		assert.equal(await page.getByLabel("Chart title").inputValue(), "After", "the title stays");
		assert.ok(await headerUndo.isEnabled(), "the title change is still there to undo");
		await page.keyboard.press("Control+z");
		await eventually("the title back", async () => (await page.getByLabel("Chart title").inputValue()) === "Before");
		await eventually("the API has both undone", async () => {
			const chart = await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}`);
			return (chart.meta as { title?: string }).title === "Before" && (await exported(id, "csv")).startsWith("year,North,South\n");
		});

		// Swapping rows and columns, undone and redone from the grid: focus stays in it throughout.
		await cell(page, 0, 0).click();
		await page.getByRole("button", { name: "Swap rows and columns" }).click();
		await eventually("swapped", async () => (await header()).join() === "year,2020,2021");
		await cell(page, 0, 0).click();
		await page.keyboard.press("Control+z");
		await eventually("the swap undone", async () => (await header()).join() === "year,North,South");
		await focusIsInGrid(page, "after undoing the swap");
		await page.keyboard.press("Control+Shift+z");
		await eventually("the swap redone", async () => (await header()).join() === "year,2020,2021");
		await focusIsInGrid(page, "after redoing the swap");
		await page.keyboard.press("Control+z");
		await eventually("undone again", async () => (await header()).join() === "year,North,South");
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("gives the table the width it needs at 1280 px, keeps its first column in view, and shows a new column", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "horizontal-bar",
			data: "party,seats 2014,seats 2018,seats 2022,seats 2026\nGreens,8,10,12,19\nLabour,45,44,41,38\nAlliance of Liberals and Democrats,30,29,27,30\n",
			meta: { title: "Seats over time" },
		});
		const id = String(created.id);
		const { page, problems, context } = await fixture.signedInPage(fixture.demo.editor, { width: 1280, height: 860 });
		await page.goto(`${fixture.server.url}/charts/${id}`);
		const box = page.getByRole("region", { name: "The chart's data" });
		await page.getByRole("grid").waitFor();
		// Column widths follow the text: measure in the console's fonts, not the wider fallback drawn before they load.
		await page.evaluate(() => document.fonts.ready);

		// Five columns fit without scrolling sideways.
		const fits = await box.evaluate((element) => element.scrollWidth <= element.clientWidth);
		assert.ok(fits, "a 5-column table fits the Data step at 1280 px");

		// More columns than fit: each new one is scrolled into view, and the first column stays readable.
		for (let added = 0; added < 5; added++) {
			await page.getByRole("grid").locator("thead th").last().click();
			await page.getByRole("button", { name: "Column", exact: true }).click();
			const column = 5 + added;
			await eventually(`column ${column + 1} in view`, async () => {
				const [newCell, frame] = await Promise.all([cell(page, -1, column).boundingBox(), box.boundingBox()]);
				const first = await cell(page, -1, 0).boundingBox();
				return (
					newCell && frame && first && newCell.x >= first.x + first.width - 1 && newCell.x + newCell.width <= frame.x + frame.width + 1
				);
			});
		}
		assert.ok(await box.evaluate((element) => element.scrollLeft > 0), "the table scrolled to the new columns");
		const [first, rowNumber, frame] = await Promise.all([
			cell(page, 0, 0).boundingBox(),
			page.getByRole("grid").locator("tbody .row-number").first().boundingBox(),
			box.boundingBox(),
		]);
		assert.ok(first && rowNumber && frame);
		assert.ok(first.x >= rowNumber.x + rowNumber.width - 1, "the first column is not under the row numbers");
		assert.ok(first.x >= frame.x, "the first column stays in the box");
		assert.equal(await cell(page, 0, 0).textContent(), "Greens");
		const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? "", {
			x: first.x + 4,
			y: first.y + first.height / 2,
		});
		assert.equal(hit, "Greens", "the first column's cell is on top where it is drawn");
		await assertAccessible(page, "the Data step scrolled sideways (light, 1280 px)");
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("shows a library chart's table read-only, saying why, and fits a phone in light and dark", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "party,seats 2022,seats 2026\nGreens,12,19\nLabour,41,38\nLiberals,27,30\n",
			meta: { title: "Seats" },
		});
		const id = String(created.id);
		await fixture.api(fixture.demo.editor, "PATCH", `/v1/charts/${id}`, { meta: { title: "Seats won" } });
		const statistics = (await fixture.api(fixture.demo.editor, "GET", "/v1/statistics?search=life")) as { statistics: { id: string }[] };
		const statistic = statistics.statistics[0]?.id;
		const library = statistic
			? String((await fixture.api(fixture.demo.editor, "POST", "/v1/charts", { kind: "line", series: [{ statistic }] })).id)
			: null;
		if (screenshots) await mkdir(screenshots, { recursive: true });
		for (const mode of ["light", "dark"] as const) {
			for (const width of [1280, 390]) {
				const { page, context } = await fixture.signedInPage(fixture.demo.editor, { width, height: 900, mode });
				await page.goto(`${fixture.server.url}/charts/${id}`);
				await page.getByRole("grid").waitFor();
				await cell(page, 0, 1).click();
				await assertAccessible(page, `the Data step (${mode}, ${width} px)`);
				await assertNoHorizontalOverflow(page, `the Data step (${mode}, ${width} px)`);
				if (screenshots) await page.screenshot({ path: `${screenshots}/data-table-${mode}-${width}.png`, fullPage: true });
				await page.getByRole("tab", { name: "History" }).click();
				await page.getByText("Title: 'Seats' → 'Seats won'").waitFor();
				await assertAccessible(page, `History (${mode}, ${width} px)`);
				await assertNoHorizontalOverflow(page, `History (${mode}, ${width} px)`);
				if (screenshots) await page.screenshot({ path: `${screenshots}/history-${mode}-${width}.png`, fullPage: true });
				if (library && mode === "light" && width === 1280) {
					await page.goto(`${fixture.server.url}/charts/${library}`);
					await page.getByRole("grid").waitFor();
					await page.getByText(/come from the statistics library/).waitFor();
					assert.equal(await page.getByRole("toolbar", { name: "Edit the table" }).count(), 0, "no editing toolbar");
					await cell(page, 0, 1).click();
					await page.keyboard.press("Enter");
					assert.equal(await page.locator(".cell-input").count(), 0, "no cell editor on a read-only table");
					await assertAccessible(page, "a library chart's read-only table");
					if (screenshots) await page.screenshot({ path: `${screenshots}/data-table-library.png`, fullPage: true });
				}
				await context.close();
			}
		}
	});
});
