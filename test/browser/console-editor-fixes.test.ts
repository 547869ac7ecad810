/**
 * Three things a new editor tripped over, driven the way a person does: a refused kind switch that
 * comes with roles that draw offers them as one button (and the banner wraps); a Source URL typed
 * without https:// is read as the address meant, and one that still is not a web address is held
 * at the field while the other edits save; and focus never drops to the page after a busy or
 * emptied button (Use this data refused, a download, Undo with nothing left).
 * Screenshots of each state go to /tmp/consolefix/shots/ when CONSOLEFIX_SHOTS is set.
 * Run: npm run test:browser -- test/browser/console-editor-fixes.test.ts
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { eventually } from "../harness/browser/eventually.ts";

const port = 9140;
const skip = chromiumMissing() ?? undefined;
const shots = process.env.CONSOLEFIX_SHOTS;

/** A label column, a group column and ten number columns: more measures than a scatter can take unasked. */
const tenNumbers = [
	"country,continent,gdp,lifeExp,pop,year,fertility,literacy,co2,urban,area,density",
	"Germany,Europe,48000,81.2,83.2,2020,1.5,99,7.7,77,357,233",
	"France,Europe,41000,82.3,67.4,2020,1.8,99,4.6,81,551,122",
	"Japan,Asia,40000,84.6,125.8,2020,1.3,99,8.5,92,378,333",
	"India,Asia,2100,69.7,1380,2020,2.2,74,1.8,35,3287,420",
	"Brazil,Americas,6800,75.9,212.6,2020,1.7,93,2.2,87,8516,25",
	"Nigeria,Africa,2100,54.7,206.1,2020,5.3,62,0.6,52,924,223",
	"",
].join("\n");

/** Waits (up to 2 s: focus often moves in an effect after paint) until focus is where `where` says, never on <body>. */
async function focusLandsOn(page: Page, what: string, where: string): Promise<void> {
	try {
		await page.waitForFunction(
			(selector) => {
				const active = document.activeElement;
				return active !== null && active !== document.body && active.matches(selector);
			},
			where,
			{ timeout: 2000 },
		);
	} catch {
		const now = await page.evaluate(() => {
			const active = document.activeElement;
			return active ? `<${active.tagName.toLowerCase()}> ${active.textContent?.trim().slice(0, 60) ?? ""}` : "nothing";
		});
		assert.fail(`${what}: focus should be on ${where}, it is on ${now}`);
	}
}

/** Focus stays off <body> for a while after an action (a busy button, a refusal), and ends on `where`. */
async function focusNeverOnBody(page: Page, what: string, where: string, during = 1500): Promise<void> {
	const until = Date.now() + during;
	while (Date.now() < until) {
		const onBody = await page.evaluate(() => document.activeElement === null || document.activeElement === document.body);
		assert.equal(onBody, false, `${what}: focus dropped to <body>`);
		await page.waitForTimeout(50);
	}
	await focusLandsOn(page, what, where);
}

/** Screenshots `target`'s state at 1280 and 390 px in light and dark (when asked), then puts the page back. */
async function shoot(page: Page, name: string, target: Locator): Promise<void> {
	if (!shots) return;
	await mkdir(shots, { recursive: true });
	const size = page.viewportSize() ?? { width: 1280, height: 860 };
	for (const mode of ["light", "dark"] as const) {
		await page.emulateMedia({ colorScheme: mode });
		for (const width of [1280, 390]) {
			await page.setViewportSize({ width, height: 860 });
			await page.waitForFunction((m) => document.documentElement.dataset.mode === m, mode);
			await target.scrollIntoViewIfNeeded();
			await assertNoHorizontalOverflow(page, `${name} at ${width} px, ${mode}`);
			await page.screenshot({ path: `${shots}/${name}-${mode}-${width}.png` });
		}
	}
	await page.emulateMedia({ colorScheme: "light" });
	await page.setViewportSize(size);
}

describe("console editor fixes", { skip, timeout: 300_000 }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
	});
	after(async () => {
		await fixture?.stop();
	});

	const chartOf = (id: string) =>
		fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}`) as Promise<{ kind: string; meta: Record<string, unknown> }>;

	/** What the API proposes when asked for `kind` directly (the same refusal the console gets). */
	async function proposalFor(id: string, kind: string): Promise<Record<string, unknown>> {
		const res = await fetch(`${fixture.server.url}/v1/charts/${id}`, {
			method: "PATCH",
			headers: { Authorization: `Bearer ${fixture.demo.editor.key}`, "Content-Type": "application/json" },
			body: JSON.stringify({ kind }),
		});
		assert.equal(res.status, 422, "the API refuses the kind without roles");
		const body = (await res.json()) as { error: { code: string; details?: { columns?: Record<string, unknown> } } };
		assert.equal(body.error.code, "invalid_data");
		assert.ok(body.error.details?.columns, "the refusal proposes roles");
		return body.error.details.columns;
	}

	it("a ten-number table becomes a scatter with the roles the API proposes, in one undoable change; the banner wraps", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "table",
			data: tenNumbers,
			meta: { title: "Ten numbers" },
		});
		const id = String(created.id);
		const proposal = await proposalFor(id, "scatter");
		const { page } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${id}`);
		await page.getByRole("tab", { name: "Chart" }).click();
		await page.getByRole("radio", { name: "Scatter" }).check();

		const banner = page.locator(".misfit");
		await banner.waitFor();
		const offer = banner.getByRole("button", { name: /^Draw it as a scatter plot: / });
		const words = (await offer.innerText()).replace(/\s+/g, " ").trim();
		assert.match(words, new RegExp(`^Draw it as a scatter plot: ${proposal.y} against ${proposal.x}`));
		if (typeof proposal.size === "string") assert.match(words, new RegExp(`sized by ${proposal.size}`));
		const said = await banner.innerText();
		assert.doesNotMatch(said, /[{}]/, "the proposal is said in words, not as JSON");
		assert.equal((await chartOf(id)).kind, "table", "the refused kind is not stored");

		// The banner wraps: the 380 px column keeps its width, and the page fits 390 px.
		const column = await page.locator(".editor-controls").evaluate((element) => element.getBoundingClientRect().width);
		assert.ok(column <= 381, `the controls column is ${column} px wide`);
		await assertNoHorizontalOverflow(page, "the misfit banner at 1280 px");
		await page.setViewportSize({ width: 390, height: 860 });
		await assertNoHorizontalOverflow(page, "the misfit banner at 390 px");
		await page.setViewportSize({ width: 1280, height: 860 });
		await assertAccessible(page, "the Chart step with a proposal");
		await shoot(page, "1-scatter-proposal", banner);

		await offer.focus();
		await page.keyboard.press("Enter");
		await focusLandsOn(page, "after drawing it as a scatter", 'input[name="chart-kind"][value="scatter"]');
		await eventually("the scatter and its roles saved", async () => {
			const chart = await chartOf(id);
			return chart.kind === "scatter" && JSON.stringify(chart.meta.columns) === JSON.stringify(proposal);
		});
		assert.equal(await banner.count(), 0, "the banner is gone");
		await page.locator(".preview-drawing svg, .preview-drawing canvas").first().waitFor();
		await assertAccessible(page, "the Chart step drawn as a scatter");
		await shoot(page, "1-scatter-drawn", page.getByRole("radio", { name: "Scatter" }));

		// One change, one undo: the kind and the roles go back together. Undo then has nothing left,
		// and keeps focus (a disabled button would drop it to the page).
		const undo = page.getByRole("button", { name: "Undo", exact: true });
		await undo.focus();
		await page.keyboard.press("Enter");
		await eventually("the undo saved", async () => {
			const chart = await chartOf(id);
			return chart.kind === "table" && chart.meta.columns === undefined;
		});
		await focusNeverOnBody(page, "after Undo emptied the history", 'button[title^="Undo"]');
		assert.equal(await undo.getAttribute("aria-disabled"), "true", "nothing left to undo");
		await page.keyboard.press("Enter");
		assert.equal((await chartOf(id)).kind, "table", "a press with nothing to undo does nothing");
		await assertAccessible(page, "the editor with nothing to undo");
		await shoot(page, "3-undo-emptied", page.locator('button[title^="Undo"]'));
		await page.context().close();
	});

	it("a Source URL without https:// is read as the address meant; one that is not an address is held at the field", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "year,Berlin,Hamburg\n2021,3.6,1.8\n2022,3.7,1.9\n2023,3.8,1.9\n",
			meta: { title: "Population" },
		});
		const id = String(created.id);
		const { page } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${id}`);
		await page.getByRole("tab", { name: "Refine" }).click();
		const panel = page.getByRole("tabpanel");
		const source = panel.getByLabel("Source URL");
		await source.fill("www.destatis.de/bevoelkerung");
		await panel.getByText("Links to https://www.destatis.de/bevoelkerung").waitFor();
		await eventually(
			"the address saved with https://",
			async () => (await chartOf(id)).meta.sourceUrl === "https://www.destatis.de/bevoelkerung",
		);
		await assertAccessible(page, "the Source URL read as https://");
		await shoot(page, "2-source-url-completed", source);

		// Not a web address: held at the field, said in words once the person moves on; the title
		// and subtitle typed afterwards save, and the header never says "Not saved".
		await source.fill("Statistisches Bundesamt");
		await panel.getByLabel("Subtitle").fill("Millions of people");
		await page.locator("#chart-title").fill("Population of Berlin and Hamburg");
		await eventually("the subtitle and title saved", async () => {
			const { meta } = await chartOf(id);
			return meta.subtitle === "Millions of people" && meta.title === "Population of Berlin and Hamburg";
		});
		const said = panel.getByText("Enter a web address, like https://www.destatis.de");
		await said.waitFor();
		assert.equal(await source.getAttribute("aria-invalid"), "true");
		assert.equal(await source.inputValue(), "Statistisches Bundesamt", "what was typed stays");
		assert.equal((await chartOf(id)).meta.sourceUrl, "https://www.destatis.de/bevoelkerung", "the last good address is kept");
		await eventually("the header to say Saved", async () => /\bSaved\b/.test(await page.locator(".editor-toolbar").innerText()));
		assert.doesNotMatch(await page.locator(".editor-toolbar").innerText(), /Not saved/);
		await assertAccessible(page, "the Source URL held");
		await shoot(page, "2-source-url-held", source);

		// Fixing it saves it.
		await source.fill("https://www.destatis.de/DE/Themen/Gesellschaft-Umwelt/Bevoelkerung");
		await eventually("the fixed address saved", async () => String((await chartOf(id)).meta.sourceUrl).endsWith("/Bevoelkerung"));
		assert.equal(await said.count(), 0);
		await page.context().close();
	});

	it("keeps focus on Use this data when the API refuses it, and on a Download button while it is busy", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "year,a,b\n2021,1,2\n2022,2,3\n2023,3,5\n",
			meta: { title: "Focus" },
		});
		const id = String(created.id);
		const { page } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/charts/${id}`);
		await page.getByLabel("Paste CSV").fill("year,a\n2021,1\n2021,x\n2022,\n");
		const use = page.getByRole("button", { name: /Use this data|Loading the data/ });
		await use.focus();
		await page.keyboard.press("Enter");
		const refusal = page.locator(".refusal");
		await refusal.waitFor();
		await focusNeverOnBody(page, "after a refused Use this data", "button.primary");
		assert.equal(await use.innerText(), "Use this data");
		await assertAccessible(page, "the Data step with a refused CSV");
		await shoot(page, "3-use-this-data-refused", refusal);

		await page.getByRole("tab", { name: "Publish" }).click();
		const panel = page.getByRole("tabpanel");
		for (const format of ["SVG", "PNG", "PDF", "CSV"]) {
			await panel.locator(".segment", { hasText: new RegExp(`^${format}$`) }).click();
			const button = panel.getByRole("button", { name: new RegExp(`^(Download|Preparing) ${format}`) });
			await button.focus();
			const download = page.waitForEvent("download");
			download.catch(() => undefined);
			await page.keyboard.press("Enter");
			await focusNeverOnBody(page, `while the ${format} download is prepared`, "button", 300);
			await download;
			await panel.getByText(/^Downloaded /).waitFor();
			await focusLandsOn(page, `after the ${format} download`, "button:not([aria-disabled])");
			assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ""), new RegExp(`Download ${format}`));
		}
		await assertAccessible(page, "the Publish step after a download");
		await shoot(page, "3-download-done", panel.getByText(/^Downloaded /));
		await page.context().close();
	});
});
