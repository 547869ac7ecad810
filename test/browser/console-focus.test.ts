/**
 * Where the person is, and where their focus goes, in a real browser
 * against a real `wrangler dev`: a conflict is shown in view wherever the page is scrolled and
 * takes focus; after `n`, "Use this data" and Publish focus lands on the next thing to do, never
 * on the page itself; the editor has the chart's name as its `h1`; the studio's warnings list,
 * a scroll box, is reachable by keyboard. Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { startConsole } from "../harness/browser/console-fixture.ts";

const port = 8870;
const skip = chromiumMissing() ?? false;

/** What has focus: its role or tag, its id and its accessible label, enough to tell places apart. */
async function focused(page: Page): Promise<{ tag: string; id: string; label: string; text: string; inDialog: boolean }> {
	return page.evaluate(() => {
		const element = document.activeElement as HTMLElement | null;
		return {
			tag: element?.tagName.toLowerCase() ?? "",
			id: element?.id ?? "",
			label: element?.getAttribute("aria-label") ?? "",
			text: element?.textContent?.trim() ?? "",
			inDialog: Boolean(element?.closest("dialog[open]")),
		};
	});
}

async function focusSettles(page: Page, what: string, check: (now: Awaited<ReturnType<typeof focused>>) => boolean): Promise<void> {
	let last = await focused(page);
	for (let tries = 0; tries < 100 && !check(last); tries++) {
		await page.waitForTimeout(100);
		last = await focused(page);
	}
	assert.ok(check(last), `${what}: focus is on ${JSON.stringify(last)}`);
}

describe("console focus and conflicts", { skip }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
	});
	after(async () => {
		await fixture?.stop();
	});

	it("shows a conflict in view, with focus, however far the Refine column is scrolled", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "year,a,b\n2021,1,2\n2022,2,3\n2023,3,5\n",
			meta: { title: "Rates" },
		});
		const id = String(created.id);
		// At phone width the preview sits above the steps, so the Refine column is well below the top.
		const { page, context } = await fixture.signedInPage(fixture.demo.editor, { width: 390, height: 700 });
		await page.goto(`${fixture.server.url}/charts/${id}`);
		assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Rates", "the editor's h1 is the chart's name");

		await page.getByRole("tab", { name: "Refine" }).click();
		await fixture.api(fixture.demo.editor, "PATCH", `/v1/charts/${id}`, { meta: { subtitle: "From a script" } });
		// Far down the Refine column, where a banner at the top of the page is out of sight.
		await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
		await page.evaluate(() => document.querySelector(".step-panel")?.lastElementChild?.scrollIntoView({ block: "end" }));
		const scrolled = await page.evaluate(() => Math.max(window.scrollY, document.getElementById("main")?.scrollTop ?? 0));
		assert.ok(scrolled > 100, `the Refine column is scrolled well down (${scrolled} px)`);
		await page.getByLabel("Chart title").fill("Rates, revised");

		const dialog = page.getByRole("alertdialog", { name: "Someone else changed this chart" });
		await dialog.waitFor();
		const box = await dialog.boundingBox();
		const viewport = page.viewportSize();
		assert.ok(box && viewport, "the dialog is laid out");
		assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `the dialog is in view: ${JSON.stringify(box)}`);
		await focusSettles(page, "the conflict", (now) => now.inDialog && now.text === "Keep mine");
		await assertAccessible(page, "the editor with a conflict");

		// Esc does not hide it: saving stays stopped until the person chooses.
		await page.keyboard.press("Escape");
		assert.ok(await dialog.isVisible(), "Esc hid the conflict");

		await page.keyboard.press("Enter");
		await dialog.waitFor({ state: "detached" }).catch(() => dialog.waitFor({ state: "hidden" }));
		await focusSettles(page, "back after choosing", (now) => now.id === "chart-title");
		let saved: Record<string, unknown> & { meta?: Record<string, unknown> } = {};
		for (let tries = 0; tries < 50 && saved.meta?.title !== "Rates, revised"; tries++) {
			await page.waitForTimeout(150);
			saved = await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}`);
		}
		assert.equal(saved.meta?.title, "Rates, revised");
		assert.equal(saved.meta?.subtitle, "From a script");
		await context.close();
	});

	it("puts focus on the paste box after n, on the data after Use this data, and on Copy embed code after Publish", async () => {
		const { page, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.getByRole("heading", { level: 1 }).click();
		await page.keyboard.press("n");
		await page.waitForURL((url) => url.pathname.startsWith("/charts/"));
		await focusSettles(page, "a new chart", (now) => now.id === "csv-paste");
		assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Untitled chart");
		// "Untitled chart" is the title field's placeholder, not a title that typing would append to.
		const title = page.getByLabel("Chart title");
		assert.equal(await title.inputValue(), "", "a new chart has no title yet");
		assert.equal(await title.getAttribute("placeholder"), "Untitled chart");

		await page.keyboard.type("party,seats\nGreens,12\nLabour,41\n");
		await page.getByRole("button", { name: "Use this data" }).click();
		await focusSettles(page, "Use this data", (now) => now.label === "The chart's data");
		assert.match(await page.getByRole("region", { name: "The chart's data" }).innerText(), /Labour/);

		await page.getByRole("tab", { name: "Publish" }).click();
		await page.locator(".step-panel").getByRole("button", { name: "Publish", exact: true }).click();
		await focusSettles(page, "Publish", (now) => now.text === "Copy embed code");
		await title.click();
		await page.keyboard.type("Seats by party");
		assert.equal(await title.inputValue(), "Seats by party", "typing makes the title, with nothing before it");
		await context.close();
	});

	it("lets a keyboard reach the studio's list of accessibility warnings", async () => {
		const { page, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/themes`);
		await page.getByRole("button", { name: "New theme" }).click();
		await page.getByLabel("Theme name").fill("Pale");
		await page.getByRole("button", { name: "Create theme" }).click();
		await page.waitForURL((url) => url.pathname.startsWith("/themes/th_"));
		for (const n of [1, 2, 3]) await page.getByLabel(`Colour ${n}`, { exact: true }).fill("#f4f4f4");
		const list = page.getByRole("list", { name: "Accessibility warnings" });
		await list.waitFor();
		assert.equal(await list.evaluate((element) => (element as HTMLElement).tabIndex), 0, "the warnings list takes focus");
		await assertAccessible(page, "the studio with warnings");
		await context.close();
	});

	it("tells a Free account once why its keys do not work and whom to ask, with no Revoke the API would refuse", async () => {
		const { page, context } = await fixture.signedInPage(fixture.demo.free);
		await page.goto(`${fixture.server.url}/keys`);
		await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
		await page.getByText("ask them to move the account to Professional or Business").waitFor();
		assert.equal(await page.getByText(/Professional/).count(), 1, "the plan is explained once");
		assert.equal(await page.getByText("Your plan does not include API keys").count(), 0);
		assert.equal(await page.getByRole("button", { name: /Revoke/ }).count(), 0, "no Revoke button that answers 403");
		await assertAccessible(page, "the Keys screen on the Free plan");
		await context.close();
	});

	it("says why the person is on the sign-in screen after the session ended under them", async () => {
		const { page, context } = await fixture.signedInPage(fixture.demo.editor);
		await page.getByRole("heading", { level: 1 }).waitFor();
		await context.clearCookies();
		await page.getByRole("link", { name: "Themes" }).click();
		await page.waitForURL((url) => url.pathname === "/sign-in");
		await page.getByRole("status").filter({ hasText: "You were signed out: your session ended" }).waitFor();
		assert.equal(await page.getByText("`npm start`").count(), 0, "no literal backticks in the sign-in hint");
		await page
			.getByRole("code")
			.filter({ hasText: "npm start" })
			.or(page.locator("code", { hasText: "npm start" }))
			.first()
			.waitFor();
		await context.close();
	});

	it("keeps each segmented control on one row at phone width and gives file sizes in KB", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", { kind: "line", data: "year,a\n2021,1\n2022,2\n" });
		const { page, context } = await fixture.signedInPage(fixture.demo.editor, { width: 390, height: 800 });
		await page.goto(`${fixture.server.url}/charts/${String(created.id)}`);
		const rows = async (group: string) =>
			page.evaluate((name) => {
				const radios = Array.from(document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${name}"]`));
				return new Set(radios.map((radio) => Math.round((radio.closest("label") as HTMLElement).getBoundingClientRect().top))).size;
			}, group);
		await page.getByRole("radiogroup", { name: "Where the data comes from" }).waitFor();
		// Measured in the console's own fonts: a row laid out in the fallback font (wider) before
		// they load can wrap where the real one does not.
		await page.evaluate(() => document.fonts.ready);
		assert.equal(await rows("data-mode"), 1, "the data source choice wraps");
		await page.getByRole("tab", { name: "Publish" }).click();
		const formatName = await page.getByRole("group", { name: "Format" }).locator("input[type=radio]").first().getAttribute("name");
		await page.evaluate(() => document.fonts.ready);
		assert.equal(await rows(formatName ?? ""), 1, "the format choice wraps");

		await page.goto(`${fixture.server.url}/themes`);
		await page.getByRole("button", { name: "New theme" }).click();
		await page.getByLabel("Theme name").fill("Sizes");
		await page.getByRole("button", { name: "Create theme" }).click();
		await page.waitForURL((url) => url.pathname.startsWith("/themes/th_"));
		await page.getByLabel("Upload a logo").waitFor({ state: "attached" });
		const hints = await page.locator(".hint").allTextContents();
		assert.ok(
			hints.some((hint) => /at most 384 KB\./.test(hint)),
			`the logo limit in KB: ${hints.join(" | ")}`,
		);
		assert.ok(!hints.some((hint) => /KiB|MiB/.test(hint)), "no KiB or MiB");
		await context.close();
	});
});
