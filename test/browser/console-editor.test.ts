/**
 * The chart editor in a real browser against a real `wrangler dev` (console-fixture.ts), driven
 * the way a person does, by role and label: paste a CSV into an empty chart and see its table
 * and preview, switch kind (and be told why a kind does not fit), edit the title and see it drawn
 * and saved, undo it, meet a conflict dialog when the chart changed elsewhere, see a refused CSV
 * marked at its row and column, open a chart made through the API, and fit a 390 px phone.
 * Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture, SignedInPage } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { eventually } from "../harness/browser/eventually.ts";

const port = 8794;
const skip = chromiumMissing() ?? false;

const energyCsv = "month,Coal,Wind,Solar\n2026-01,40,12,3\n2026-02,38,15,4\n2026-03,35,17,6\n2026-04,31,18,9\n";

/** Polls until `check` returns a truthy value (the API catching up with autosave). */
async function previewText(page: Page): Promise<string> {
	return (await page.locator(".preview-drawing svg").textContent({ timeout: 10_000 })) ?? "";
}

/** Failed-resource console lines for answers a test provoked on purpose (a 412 or 422 the UI shows). */
function unexpected(problems: string[], expectedStatuses: number[]): string[] {
	return problems.filter((problem) => !expectedStatuses.some((status) => problem.includes(`status of ${status}`)));
}

describe("console editor", { skip }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(port);
	});
	after(async () => {
		await fixture?.stop();
	});

	async function createChart(body: Record<string, unknown>): Promise<string> {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", body);
		return String(created.id);
	}

	async function chartOf(id: string): Promise<Record<string, unknown> & { meta: Record<string, unknown> }> {
		return (await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}`)) as Record<string, unknown> & {
			meta: Record<string, unknown>;
		};
	}

	async function openEditor(id: string, options?: Parameters<ConsoleFixture["signedInPage"]>[1]): Promise<SignedInPage> {
		const opened = await fixture.signedInPage(fixture.demo.editor, options);
		await opened.page.goto(`${fixture.server.url}/charts/${id}`);
		await opened.page.getByLabel("Chart title").waitFor();
		return opened;
	}

	it("pastes a CSV into an empty chart, switches kind, explains a misfit, saves and undoes the title", async () => {
		const id = await createChart({ meta: { title: "Energy draft" } });
		const { page, problems, context } = await openEditor(id);

		// An empty chart starts with the drop zone and the paste box.
		await page.getByText("Drop a CSV file here").waitFor();
		await page.getByRole("button", { name: "Choose a file" }).waitFor();
		await page.getByText("No data yet").waitFor();

		await page.getByLabel("Paste CSV").fill(energyCsv);
		await page.getByRole("button", { name: "Use this data" }).click();

		// The table shows each column's detected type.
		const table = page.getByRole("region", { name: "The chart's data" });
		await table.waitFor();
		const headers = await table.getByRole("columnheader").allTextContents();
		assert.deepEqual(headers, ["monthDate", "CoalNumber", "WindNumber", "SolarNumber"]);
		assert.equal(await table.getByRole("row").count(), 5, "a header and four rows");
		assert.match((await page.locator(".source-note").textContent()) ?? "", /Your own data \(CSV\), 4 rows × 4 columns/);

		// The preview draws the three series, and says what it drew.
		await eventually("the preview's legend", async () => /Coal/.test(await previewText(page)) && /Solar/.test(await previewText(page)));
		await page.getByText("3 series").waitFor();
		await page.getByText("4 rows", { exact: true }).waitFor();

		await assertAccessible(page, "the Data step with data (light, 1280 px)");

		// Switch to bars: the API has the new kind.
		await page.getByRole("tab", { name: "Chart" }).click();
		await page.getByRole("radio", { name: "Bar" }).check();
		await eventually("the kind saved", async () => (await chartOf(id)).kind === "horizontal-bar");
		await page.getByLabel("Direction").waitFor();
		// The preview redraws on its own time (the drawing engine, off the click): wait for the bars,
		// then say how many paths were there if they never came.
		const barPaths = () => page.locator(".preview-drawing svg path").count();
		await eventually("the bars drawn", async () => (await barPaths()) >= 12).catch(() => undefined);
		const drawnPaths = await barPaths();
		assert.ok(drawnPaths >= 12, `twelve bars drawn (3 series × 4 rows), saw ${drawnPaths} paths`);

		// A sankey does not fit this data: the kind stays, and the step says why.
		await page.getByRole("radio", { name: "Sankey" }).check();
		const misfit = page.getByRole("alert").filter({ hasText: "does not fit a sankey diagram" });
		await misfit.waitFor();
		assert.match((await misfit.textContent()) ?? "", /source, target and a non-negative number value column/);
		await assertAccessible(page, "the Chart step with a misfit (light, 1280 px)");
		await eventually("the old kind back", async () => page.getByRole("radio", { name: "Bar" }).isChecked());
		assert.equal((await chartOf(id)).kind, "horizontal-bar");

		// The title is drawn at once and saved shortly after.
		await page.getByLabel("Chart title").fill("Where our power comes from");
		await eventually("the new title in the preview", async () => (await previewText(page)).includes("Where our power comes from"));
		await eventually("the title saved", async () => (await chartOf(id)).meta.title === "Where our power comes from");
		await page.getByRole("main").getByText("Saved", { exact: true }).waitFor();

		// Undo puts the previous title back, in the page and in the API.
		await page.getByRole("button", { name: "Undo", exact: true }).click();
		assert.equal(await page.getByLabel("Chart title").inputValue(), "Energy draft");
		await eventually("the undone title saved", async () => (await chartOf(id)).meta.title === "Energy draft");
		await eventually("the undone title drawn", async () => (await previewText(page)).includes("Energy draft"));

		assert.deepEqual(unexpected(problems, [422]), []);
		await context.close();
	});

	it("shows a conflict dialog when the chart changed elsewhere, and keeps mine on request", async () => {
		const id = await createChart({ kind: "horizontal-bar", data: "party,seats\nGreens,12\nLabour,41\n", meta: { title: "Seats" } });
		const { page, problems, context } = await openEditor(id);
		await page.getByRole("region", { name: "The chart's data" }).waitFor();

		// A script changes the chart meanwhile.
		await fixture.api(fixture.demo.editor, "PATCH", `/v1/charts/${id}`, { meta: { subtitle: "From a script" } });

		await page.getByLabel("Chart title").fill("Seats after the vote");
		// The conflict is a modal alert dialog (console-focus.test.ts checks it is in view).
		const conflict = page.getByRole("alertdialog", { name: "Someone else changed this chart" });
		await conflict.waitFor();
		await conflict.getByRole("button", { name: "Reload their version" }).waitFor();
		await page.getByText("Not saved", { exact: false }).first().waitFor();
		assert.equal((await chartOf(id)).meta.title, "Seats", "nothing overwritten before the person chooses");

		// Closing or reloading the tab now would lose the edit: the browser is asked to ask.
		const held = await page.evaluate(() => {
			const event = new Event("beforeunload", { cancelable: true });
			window.dispatchEvent(event);
			return event.defaultPrevented;
		});
		assert.ok(held, "leaving during a conflict does not ask");
		assert.equal(new URL(page.url()).pathname, `/charts/${id}`);

		await conflict.getByRole("button", { name: "Keep mine" }).click();
		const saved = await eventually("my title saved on top of theirs", async () => {
			const chart = await chartOf(id);
			return chart.meta.title === "Seats after the vote" ? chart : null;
		});
		assert.equal(saved.meta.subtitle, "From a script", "their change is kept where mine did not touch it");
		await conflict.waitFor({ state: "detached" });

		assert.deepEqual(unexpected(problems, [412]), []);
		await context.close();
	});

	it("saves an edit still waiting for its save when the person leaves at once, without asking", async () => {
		const id = await createChart({ kind: "line", data: "year,a\n2021,1\n2022,2\n", meta: { title: "Before leaving" } });
		const { page, problems, context } = await openEditor(id);
		const asked: string[] = [];
		page.on("dialog", (dialog) => {
			asked.push(dialog.message());
			void dialog.dismiss();
		});
		await page.getByLabel("Chart title").fill("Sent on the way out");
		await page.locator(".editor-toolbar").getByRole("link", { name: "Charts" }).click();
		await page.waitForURL((url) => url.pathname === "/");
		await eventually("the title saved after leaving", async () => (await chartOf(id)).meta.title === "Sent on the way out");
		assert.deepEqual(asked, [], "nothing would have been lost, so nothing is asked");
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("marks a refused CSV at the row and column the API names, with its message", async () => {
		const id = await createChart({ kind: "horizontal-bar", data: "party,seats\nGreens,12\n", meta: { title: "Refused" } });
		const { page, problems, context } = await openEditor(id);
		await page.getByRole("region", { name: "The chart's data" }).waitFor();

		// A typo, not "n/a": that is a missing-value mark, read as an empty cell (src/domain/csv-cells.ts).
		await page.getByLabel("Paste CSV").fill("party,seats\nGreens,12\nLabour,4l\nLiberals,27\n");
		await page.getByRole("button", { name: "Use this data" }).click();

		const refusal = page.getByRole("alert").filter({ hasText: "This data was not used" });
		await refusal.waitFor();
		const text = (await refusal.textContent()) ?? "";
		assert.match(text, /row 3/);
		assert.match(text, /column “seats”/);
		assert.match(text, /must hold numbers, but row 3 has "4l"/, "the API's own message");
		const marked = page.getByRole("region", { name: "The data you sent, with the problem marked" }).locator('td[aria-invalid="true"]');
		assert.equal(await marked.count(), 1);
		assert.equal(await marked.textContent(), "4l");
		await assertAccessible(page, "a refused CSV (light, 1280 px)");
		// The chart keeps its data.
		assert.equal((await chartOf(id)).hasData, true);

		assert.deepEqual(unexpected(problems, [422]), []);
		await context.close();
	});

	it("opens a chart made through the API with its data and preview, and fits a 390 px phone", async () => {
		const id = await createChart({
			kind: "horizontal-bar",
			data: "party,seats 2022,seats 2026\nGreens,12,19\nLabour,41,38\nLiberals,27,30\n",
			meta: { title: "Made by a script" },
		});
		for (const mode of ["light", "dark"] as const) {
			const { page, problems, context } = await openEditor(id, { width: 390, height: 844, mode });
			const table = page.getByRole("region", { name: "The chart's data" });
			await table.waitFor();
			assert.deepEqual(await table.getByRole("columnheader").allTextContents(), ["partyText", "seats 2022Number", "seats 2026Number"]);
			await eventually("the preview", async () => (await previewText(page)).includes("Made by a script"));
			assert.equal(await page.getByLabel("Chart title").inputValue(), "Made by a script");
			await assertAccessible(page, `the Data step at 390 px (${mode})`);
			await page.getByRole("tab", { name: "Chart" }).click();
			await page.getByRole("radio", { name: "Bar" }).waitFor();
			await assertNoHorizontalOverflow(page, `the editor at 390 px (${mode})`);
			await assertAccessible(page, `the Chart step at 390 px (${mode})`);
			const drawnWidth = await page.locator(".preview-canvas").evaluate((element) => element.getBoundingClientRect().width);
			assert.ok(drawnWidth <= 390, `the preview fits the phone (${drawnWidth} px)`);
			assert.deepEqual(problems, []);
			await context.close();
		}
	});

	it("adds and removes statistics library series, and says where the data comes from", async () => {
		const id = await createChart({ series: [{ statistic: "gapminder.life_expect.china" }], meta: { title: "From the library" } });
		const { page, problems, context } = await openEditor(id, { mode: "dark" });
		assert.equal(await page.getByRole("radio", { name: "Statistics library" }).isChecked(), true);
		const chosen = page.getByRole("list").filter({ hasText: "gapminder.life_expect.china" });
		await chosen.getByText("China", { exact: true }).waitFor();
		await page.locator(".source-note").filter({ hasText: "1 series from the statistics library. Source:" }).waitFor();

		// The step's tabs move with the arrow keys.
		await page.getByRole("tab", { name: "Data" }).focus();
		await page.keyboard.press("ArrowRight");
		assert.equal(await page.getByRole("tab", { name: "Chart" }).getAttribute("aria-selected"), "true");
		await page.keyboard.press("ArrowLeft");
		assert.equal(await page.getByRole("tab", { name: "Data" }).getAttribute("aria-selected"), "true");

		await page.getByLabel("Search the statistics library").fill("life expectancy japan");
		await page.getByRole("list", { name: "Statistics found" }).getByRole("button", { name: /^Add / }).first().click();
		const added = await eventually("a second series saved", async () => {
			const chart = await chartOf(id);
			return (chart.seriesReferences as unknown[]).length === 2 ? chart : null;
		});
		const names = added.series as string[];
		assert.equal(names.length, 2);
		const newName = names[1] as string;
		await eventually("the new series drawn", async () => (await previewText(page)).includes(newName));

		await page.getByRole("button", { name: `Remove ${newName}` }).click();
		await eventually("the series removed", async () => ((await chartOf(id)).seriesReferences as unknown[]).length === 1);
		await assertAccessible(page, "the library search (dark, 1280 px)");

		assert.deepEqual(problems, []);
		await context.close();
	});

	it("says so when a chart does not exist", async () => {
		const { page, problems, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/no-such-chart`);
		await page.getByRole("heading", { name: "This chart does not exist" }).waitFor();
		await page.getByRole("link", { name: "Go to your charts" }).waitFor();
		assert.deepEqual(unexpected(problems, [404]), []);
		await context.close();
	});
});
