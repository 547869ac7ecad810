/**
 * The editor's Refine, Publish & export and History steps, driven the way a person does: by role
 * and accessible name, so the test holds for any frame that shows the steps as tabs.
 * Run: node --import tsx --test test/browser/console-steps.test.ts
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture, SignedInPage } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { eventually } from "../harness/browser/eventually.ts";

const port = 8795;
const skip = chromiumMissing() ?? undefined;

/** Opens a step's tab and answers its panel (the frame's top bar may have a Publish button too). */
async function openStep(page: Page, name: RegExp): Promise<Locator> {
	await page.getByRole("tab", { name }).click();
	return page.getByRole("tabpanel");
}

describe("console editor steps", { skip, timeout: 240_000 }, () => {
	let fixture: ConsoleFixture;
	let opened: SignedInPage;
	let chartId: string;
	const oldTitle = "Steps test: first title";
	const newTitle = "Steps test: second title";

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "year,Alpha,Beta\n2020,1,2\n2021,3,5\n2022,4,4\n",
			meta: { title: oldTitle, madeByScript: { keep: true } },
		});
		chartId = String(created.id);
		await fixture.api(fixture.demo.editor, "PATCH", `/v1/charts/${chartId}`, { meta: { title: newTitle } });
		opened = await fixture.signedInPage(fixture.demo.editor);
		await opened.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: fixture.server.url });
		await opened.page.goto(`${fixture.server.url}/charts/${chartId}`);
	});

	after(async () => {
		await fixture?.stop();
	});

	const chart = () =>
		fixture.api(fixture.demo.editor, "GET", `/v1/charts/${chartId}`) as Promise<
			{ meta: Record<string, unknown> } & Record<string, unknown>
		>;

	it("Refine: a generated control changes the chart's meta through the API; unknown settings are kept", async () => {
		const { page } = opened;
		const panel = await openStep(page, /^Refine/);
		await panel.getByLabel("Subtitle").fill("Made in the steps test");
		await eventually("the subtitle to be saved", async () => (await chart()).meta.subtitle === "Made in the steps test");

		await panel.getByText("Series", { exact: true }).click();
		await panel.getByText("Alpha", { exact: true }).click();
		// The console's words are British throughout: a series' "color" setting reads "Colour".
		const words = await panel.innerText();
		assert.match(words, /\bColour\b/);
		assert.doesNotMatch(words, /\bColors?\b/);
		await panel.getByRole("checkbox", { name: "Hide Alpha" }).check();
		await eventually("Alpha to be hidden", async () => {
			const transform = (await chart()).meta.seriesTransform as Record<string, { hidden?: boolean }> | undefined;
			return transform?.Alpha?.hidden === true;
		});
		await panel.getByRole("button", { name: "Add calculation" }).first().click();
		await eventually("a divide op on Alpha", async () => {
			const transform = (await chart()).meta.seriesTransform as Record<string, { ops?: { fn: string; args?: unknown[] }[] }>;
			return transform.Alpha?.ops?.[0]?.fn === "divide";
		});
		const meta = (await chart()).meta;
		assert.deepEqual(meta.madeByScript, { keep: true }, "a setting made through the API is kept");
		await panel.getByText("Other settings (from the API)").click();
		assert.match(await panel.getByLabel("Other settings (from the API), read only").inputValue(), /madeByScript/);
		await assertNoHorizontalOverflow(page, "the Refine step");
	});

	it("Publish: publish, copy the embed code, open the embed, unpublish", async () => {
		const { page } = opened;
		const panel = await openStep(page, /^Publish/);
		await panel.getByRole("button", { name: "Publish", exact: true }).click();
		await panel.getByRole("button", { name: "Copy embed code" }).click();
		await panel.getByText("Copied", { exact: true }).waitFor();
		const clipboard = await page.evaluate(() => navigator.clipboard.readText());
		assert.match(clipboard, /<iframe src="[^"]+"/);
		assert.equal(await panel.getByLabel("Embed code").inputValue(), clipboard);
		await panel.getByText(/Published · last published version \d+/).waitFor();
		// The header's button says what it will do now.
		await page.locator(".editor-toolbar").getByRole("button", { name: "Republish", exact: true }).waitFor();

		const embedUrl = String(((await chart()).published as { embedUrl: string }).embedUrl);
		assert.ok(clipboard.includes(embedUrl), "the snippet points at the embed URL");
		// By default the frame is fitted to its content by the loader; unticked, the frame alone.
		const loader = /<script async src="([^"]+)"><\/script>$/.exec(clipboard)?.[1];
		assert.ok(loader, "the embed code has no loader script");
		const script = await fetch(loader);
		assert.equal(script.status, 200);
		assert.match(script.headers.get("content-type") ?? "", /javascript/);
		await panel.getByLabel("Fit the frame to the chart’s height (adds a small script)").uncheck();
		const plain = await panel.getByLabel("Embed code").inputValue();
		assert.ok(plain.includes(embedUrl) && !plain.includes("<script"), "unticked, the code still carries the loader");
		const link = panel.getByRole("link", { name: new RegExp(embedUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")) });
		assert.equal(await link.getAttribute("target"), "_blank");
		const embed = await fetch(embedUrl);
		assert.equal(embed.status, 200);
		assert.ok((await embed.text()).includes("Steps test: second title"), "the embed shows the chart's title");

		await panel.getByRole("button", { name: "Unpublish", exact: true }).click();
		const dialog = page.getByRole("dialog");
		assert.match(await dialog.innerText(), /stops working/);
		await dialog.getByRole("button", { name: "Unpublish" }).click();
		await panel.getByText("Draft", { exact: true }).waitFor();
		assert.equal((await chart()).published, null);
		assert.equal((await fetch(embedUrl)).status, 404);
		await assertNoHorizontalOverflow(page, "the Publish step");
	});

	it("History: restore an older version records a new one with the old title", async () => {
		const { page } = opened;
		const before = (await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${chartId}/versions`)) as { versions: { version: number }[] };
		const newest = Math.max(...before.versions.map((v) => v.version));
		const panel = await openStep(page, /^History/);
		// Each version is named by its summary: v1 is "Created with 3 rows × …".
		await panel.getByRole("button", { name: /^v1 Created\b.* You\b/ }).click();
		await panel.getByRole("button", { name: "Restore this version" }).click();
		await page.getByRole("dialog").getByRole("button", { name: "Restore" }).click();
		const restored = await eventually("the restore", async () => {
			const now = await chart();
			return now.meta.title === oldTitle ? now : undefined;
		});
		assert.ok(Number(restored.version) > newest, "restoring records a new version");
		const after = (await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${chartId}/versions`)) as {
			versions: { version: number; action: string }[];
		};
		const latest = after.versions.find((v) => v.version === Number(restored.version));
		assert.equal(latest?.action, "restore");
		await panel.getByRole("button", { name: new RegExp(`^v${restored.version} Restored version 1\\b.* Current You\\b`) }).waitFor();
		assert.deepEqual(opened.problems, []);
	});

	it("Publish on a published chart says Republish and what changed since; Publish and History pass axe", async () => {
		const { page } = opened;
		const published = (await fixture.api(fixture.demo.editor, "POST", `/v1/charts/${chartId}/publish`)) as { version?: number };
		assert.ok(published);
		await fixture.api(fixture.demo.editor, "PATCH", `/v1/charts/${chartId}`, { meta: { subtitle: "Since then" } });
		await page.goto(`${fixture.server.url}/charts/${chartId}`);
		const panel = await openStep(page, /^Publish/);
		await panel.getByRole("button", { name: "Republish", exact: true }).waitFor();
		assert.equal(await panel.getByRole("button", { name: "Publish", exact: true }).count(), 0);
		await panel.getByText(/^Changed since version \d+:$/).waitFor();
		const since = panel.getByRole("list", { name: /^Changed since version/ });
		assert.deepEqual(await since.getByRole("listitem").allTextContents(), ["Subtitle set to 'Since then'"]);
		await assertAccessible(page, "the Publish step of a published chart");
		await openStep(page, /^History/);
		await page.getByRole("list", { name: "Versions, newest first" }).waitFor();
		await assertAccessible(page, "the History step");
		assert.deepEqual(opened.problems, []);
	});
});
