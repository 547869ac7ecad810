/**
 * The Data step's editable table and History's summaries (issue 30 items 1 and 4) in a real
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
import { chromiumMissing } from "../../scripts/lib/chromium.ts";
import { assertAccessible } from "./lib/axe.ts";
import type { ConsoleFixture } from "./lib/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "./lib/console-fixture.ts";
import { eventually } from "./lib/eventually.ts";

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
		await versions.getByText("Data: cells edited (3 rows × 4 columns)").first().waitFor();
		await versions.getByText("Created with 3 rows × 4 columns").waitFor();
		assert.match((await versions.getByRole("listitem").first().textContent()) ?? "", /You · /);
		await assertAccessible(page, "History with summaries (light, 1280 px)");
		assert.deepEqual(
			problems.filter((problem) => !problem.includes("status of 412")),
			[],
		);
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
