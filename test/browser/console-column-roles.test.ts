/**
 * The Data step's column pickers in a real browser: a long country/year table
 * and a wide election table with text columns, made through the API, open with the pickers set
 * to the roles the API says are in use; a role changed is drawn at once (the preview's legend)
 * and saved as `meta.columns` (the API's `columns`); a column that cannot play its role is
 * refused at the pickers with roles that would draw, one click away; "Choose automatically"
 * goes back. axe on the step, light and dark, 1280 and 390 px; screenshots into
 * CHARTS_SCREENSHOTS when set.
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

const port = 9270;
const skip = chromiumMissing() ?? false;
const screenshots = process.env.CHARTS_SCREENSHOTS;

const longTable = [
	"country,year,lifeExp",
	"Chile,1997,75.8",
	"Chile,2002,77.9",
	"Chile,2007,78.6",
	"Peru,1997,68.4",
	"Peru,2002,69.9",
	"Peru,2007,71.4",
	"Ghana,1997,58.6",
	"Ghana,2002,58.5",
	"Ghana,2007,60.0",
].join("\n");

const electionTable = [
	"Wahlkreis,Land,CDU,SPD,Grüne",
	"Flensburg – Schleswig,Schleswig-Holstein,28.1,24.3,21.0",
	"Nordfriesland – Dithmarschen Nord,Schleswig-Holstein,31.4,25.0,15.2",
	"Aachen I,Nordrhein-Westfalen,25.6,22.1,24.9",
	"Aachen II,Nordrhein-Westfalen,30.2,27.7,13.8",
].join("\n");

/** The Chart step's kinds in the order shown, and those marked "Fits your table". */
async function shownKinds(page: Page): Promise<{ first: string; fitting: string[] }> {
	await page.getByRole("tab", { name: "Chart" }).click();
	const kinds = page.getByRole("group", { name: "Kind of chart" }).getByRole("radio");
	await page.getByText("Fits your table").first().waitFor();
	const names = await kinds.evaluateAll((inputs) => inputs.map((input) => input.closest("label")?.textContent ?? ""));
	return {
		first: names[0] ?? "",
		fitting: names.filter((name) => name.includes("Fits your table")).map((name) => name.replace("Fits your table", "")),
	};
}

async function previewText(page: Page): Promise<string> {
	return (await page.locator(".preview-drawing svg").textContent({ timeout: 10_000 })) ?? "";
}

describe("console column roles", { skip }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
	});
	after(async () => {
		await fixture?.stop();
	});

	async function chartOf(id: string): Promise<Record<string, unknown>> {
		return fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}`);
	}

	it("shows a long table's roles in use, as the API chose them", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: longTable,
			meta: { title: "Life expectancy" },
		});
		const id = String(created.id);
		assert.deepEqual(
			(await chartOf(id)).columns,
			{ x: "year", y: "lifeExp", series: "country" },
			"the API reads the long table in tidy form",
		);
		const { page, problems, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${id}`);
		const roles = page.getByRole("region", { name: "Columns in the chart" });
		await roles.waitFor();
		await roles.getByText("Chosen automatically").waitFor();
		assert.equal(await roles.getByLabel(/^Labels/).inputValue(), "year");
		assert.equal(await roles.getByLabel(/^Series from/).inputValue(), "country");
		const values = roles.getByRole("group", { name: /^Values/ });
		assert.equal(await values.getByRole("checkbox", { name: "lifeExp" }).isChecked(), true);
		assert.equal(await values.getByRole("checkbox", { name: "year" }).isChecked(), false);
		// The preview draws one line per country, the grid keeps the table as stored.
		await eventually("one series per country in the preview", async () => {
			const text = await previewText(page);
			// Years along the axis (not countries), one legend entry per country (not "year" or "lifeExp").
			return ["Chile", "Peru", "Ghana", "2000"].every((name) => text.includes(name)) && !text.includes("lifeExp");
		});
		const header = await page.getByRole("grid").locator("thead th .column-name").allTextContents();
		assert.deepEqual(header, ["country", "year", "lifeExp"]);

		// The Chart step suggests a line first for a long table with years.
		const kinds = await shownKinds(page);
		assert.equal(kinds.first, "LineFits your table");
		assert.ok(!kinds.fitting.includes("Pie"), `fitting: ${kinds.fitting.join(", ")}`);
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("reads dates that go either way as the person says", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "date,visitors\n03/04/2024,120\n05/06/2024,180\n07/08/2024,150\n",
			meta: { title: "Visitors" },
		});
		const id = String(created.id);
		const { page, problems, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${id}`);
		const dates = page.getByRole("group", { name: /^Dates in “date”/ });
		await dates.waitFor();
		assert.equal(await dates.getByRole("radio", { name: "As written" }).isChecked(), true);
		await dates.getByRole("radio", { name: "Day first" }).check();
		await eventually("meta.dateOrder saved", async () => ((await chartOf(id)).meta as Record<string, unknown>).dateOrder === "day-first");
		assert.equal(await dates.getByRole("radio", { name: "Day first" }).isChecked(), true);
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("changes a wide table's values, refuses a text column with roles that draw, and goes back to automatic", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "horizontal-bar",
			data: electionTable,
			meta: { title: "Second votes by district" },
		});
		const id = String(created.id);
		const automatic = { x: "Wahlkreis", y: ["CDU", "SPD", "Grüne"] };
		assert.deepEqual((await chartOf(id)).columns, automatic, "the API draws the vote columns without being told");
		const { page, problems, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${id}`);
		const roles = page.getByRole("region", { name: "Columns in the chart" });
		await roles.waitFor();
		const values = roles.getByRole("group", { name: /^Values/ });
		for (const party of ["CDU", "SPD", "Grüne"]) assert.equal(await values.getByRole("checkbox", { name: party }).isChecked(), true, party);
		assert.equal(await values.getByRole("checkbox", { name: "Land" }).isChecked(), false);
		assert.equal(await roles.getByLabel(/^Labels/).inputValue(), "Wahlkreis");
		await eventually("the legend names every party", async () => (await previewText(page)).includes("Grüne"));

		// Grüne left out: the legend drops it at once, and the API saves the roles.
		await values.getByRole("checkbox", { name: "Grüne" }).uncheck();
		await eventually("the legend without Grüne", async () => {
			const text = await previewText(page);
			return text.includes("SPD") && !text.includes("Grüne");
		});
		await eventually("the API's columns", async () => {
			const chart = await chartOf(id);
			return JSON.stringify(chart.columns) === JSON.stringify({ x: "Wahlkreis", y: ["CDU", "SPD"] });
		});
		assert.equal(await roles.getByText("Chosen automatically").count(), 0);

		// Undo puts Grüne back, as it does any setting; redo takes it out again.
		await page.locator(".editor-toolbar").getByRole("button", { name: "Undo" }).click();
		await eventually("Grüne back after undo", async () => values.getByRole("checkbox", { name: "Grüne" }).isChecked());
		await page.locator(".editor-toolbar").getByRole("button", { name: "Redo" }).click();
		await eventually("Grüne out after redo", async () => !(await values.getByRole("checkbox", { name: "Grüne" }).isChecked()));
		await eventually(
			"the redo saved",
			async () => JSON.stringify((await chartOf(id)).columns) === JSON.stringify({ x: "Wahlkreis", y: ["CDU", "SPD"] }),
		);

		// The labels from another column: the bars are labelled by state at once.
		await roles.getByLabel(/^Labels/).selectOption("Land");
		await eventually("the bars labelled by state", async () => {
			const text = await previewText(page);
			return text.includes("Nordrhein-Westfalen") && !text.includes("Aachen I");
		});
		await eventually(
			"the labels saved",
			async () => JSON.stringify((await chartOf(id)).columns) === JSON.stringify({ x: "Land", y: ["CDU", "SPD"] }),
		);
		await roles.getByLabel(/^Labels/).selectOption("Wahlkreis");
		await eventually("the bars labelled by district again", async () => (await previewText(page)).includes("Aachen I"));

		// A text column as values: the API refuses it, said at the pickers, with roles that draw.
		await values.getByRole("checkbox", { name: "Land" }).check();
		const refusal = roles.getByRole("alert");
		await refusal.getByText(/Land.*must hold numbers/).waitFor();
		if (screenshots) await page.screenshot({ path: `${screenshots}/column-roles-refused.png`, fullPage: true });
		await refusal.getByRole("button", { name: "Use these columns" }).click();
		await eventually("the proposal saved", async () => {
			const chart = await chartOf(id);
			return JSON.stringify((chart.meta as Record<string, unknown>).columns) === JSON.stringify(automatic);
		});
		await eventually("the refusal gone", async () => (await refusal.count()) === 0);
		await eventually("every party drawn again", async () => (await previewText(page)).includes("Grüne"));

		// Back to roles chosen from the columns' types: meta.columns is gone, the roles in use stay.
		await roles.getByRole("button", { name: "Choose automatically" }).click();
		await roles.getByText("Chosen automatically").waitFor();
		await eventually("meta.columns removed", async () => {
			const chart = await chartOf(id);
			return !("columns" in (chart.meta as Record<string, unknown>)) && JSON.stringify(chart.columns) === JSON.stringify(automatic);
		});

		// The Chart step suggests bars first for districts and their votes, not a line.
		const kinds = await shownKinds(page);
		assert.equal(kinds.first, "BarFits your table");
		assert.ok(!kinds.fitting.includes("Line"), `fitting: ${kinds.fitting.join(", ")}`);
		if (screenshots) await page.screenshot({ path: `${screenshots}/chart-step-suggestions.png`, fullPage: true });

		if (screenshots) await mkdir(screenshots, { recursive: true });
		for (const mode of ["light", "dark"] as const) {
			for (const width of [1280, 390]) {
				const shown = await fixture.signedInPage(fixture.demo.editor, { width, height: width > 500 ? 900 : 844, mode });
				await shown.page.goto(`${fixture.server.url}/charts/${id}`);
				await shown.page.getByRole("region", { name: "Columns in the chart" }).waitFor();
				await shown.page.locator(".preview-drawing svg").waitFor();
				await assertAccessible(shown.page, `the Data step with column pickers (${mode}, ${width} px)`);
				await assertNoHorizontalOverflow(shown.page, `the Data step with column pickers (${mode}, ${width} px)`);
				if (screenshots) await shown.page.screenshot({ path: `${screenshots}/column-roles-${mode}-${width}.png`, fullPage: true });
				assert.deepEqual(shown.problems, []);
				await shown.context.close();
			}
		}
		assert.deepEqual(
			problems.filter((problem) => !problem.includes("status of 422")),
			[],
		);
		await context.close();
	});
});
