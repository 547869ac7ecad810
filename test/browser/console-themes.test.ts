/**
 * The theme studio in a real browser against a real `wrangler dev`: create a
 * theme, change a palette colour and see the sample charts redraw with it, see a check warning
 * appear for a low-contrast muted text (saving goes on), make it the default and see a chart's
 * export use it, delete it (the confirmation says how many charts use it) and see the chart fall
 * back; the screens pass axe in light and dark and fit 390 px. Skipped, saying why, where
 * Chromium is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { findBuiltInTheme } from "../../src/domain/themes.ts";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { screenVariantsByMode } from "../harness/browser/screen-variants.ts";
import type { DemoKey } from "../harness/local/seed.ts";

const skip = chromiumMissing() ?? false;
const brand = "#7a1f5c";
/** Classic's light palette, which the new theme starts from (the built-ins change as they are tuned to pass their checks). */
const classicPalette = findBuiltInTheme("classic")?.definition.colors.light.palette ?? [];
const added = `Colour ${classicPalette.length + 1}`;

/** The markup of one sample chart of the studio's preview, e.g. "Line chart, light". */
async function sampleSvg(page: Page, name: string): Promise<string> {
	const drawing = page.getByRole("img", { name });
	await drawing.locator("svg").waitFor();
	return (await drawing.innerHTML()).toLowerCase();
}

/** An input's value once the page has re-rendered after a click (renders are batched), asserted. */
async function assertValue(field: Locator, want: string): Promise<void> {
	await field
		.page()
		.waitForFunction(
			({ element, value }) => (element as HTMLInputElement | null)?.value === value,
			{ element: await field.elementHandle(), value: want },
			{ timeout: 10_000 },
		)
		.catch(() => undefined);
	assert.equal(await field.inputValue(), want);
}

describe("theme studio in a browser", { skip }, () => {
	let fixture: ConsoleFixture;
	let owner: DemoKey;
	let chartId: string;

	async function exportSvg(): Promise<string> {
		const res = await fetch(`${fixture.server.url}/v1/charts/${chartId}/export/svg`, {
			headers: { Authorization: `Bearer ${owner.key}` },
		});
		assert.equal(res.status, 200, await res.clone().text());
		return (await res.text()).toLowerCase();
	}

	before(async () => {
		fixture = await startConsole(8925, { demoCharts: false });
		// Its own workspace: the studio counts the charts that use a theme.
		owner = await fixture.newAccount("business", "studio");
		const chart = await fixture.api(owner, "POST", "/v1/charts", {
			kind: "line",
			data: "year,North,South\n2021,1,2\n2022,3,2\n2023,4,5\n",
			meta: { title: "Uses the default theme" },
		});
		chartId = String(chart.id);
	});

	after(async () => {
		await fixture?.stop();
	});

	it("creates a theme, redraws the preview as a colour changes, warns on low contrast, makes it the default and deletes it", async () => {
		const { page, context, problems } = await fixture.signedInPage(owner);
		await page.getByRole("link", { name: "Themes" }).click();
		await page.getByRole("heading", { name: "Themes", level: 1 }).waitFor();
		const classicRow = page.getByRole("listitem").filter({ hasText: "Classic (Okabe–Ito)" });
		assert.match(await classicRow.innerText(), /Default/);

		await page.getByRole("button", { name: "New theme" }).click();
		await page.getByLabel("Theme name").fill("Browser house");
		await page.getByRole("button", { name: "Create theme" }).click();
		await page.waitForURL((url) => url.pathname.startsWith("/themes/th_"));
		const themeId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");
		await page.getByRole("heading", { name: "Browser house" }).waitFor();

		// The preview draws the six samples in both modes, with the theme's first colour.
		for (const kind of ["Line", "Bar", "Pie", "Map", "Scatter", "Table"]) {
			for (const mode of ["light", "dark"]) await sampleSvg(page, `${kind} chart, ${mode}`);
		}
		const before = await sampleSvg(page, "Line chart, light");
		assert.ok(before.includes("#0072b2"), "the light line sample is not drawn with Classic's first colour");
		assert.ok(!before.includes(brand));

		await page.getByLabel("Colour 1", { exact: true }).fill(brand);
		await page.waitForFunction(
			({ name, colour }) => document.querySelector(`[aria-label="${name}"]`)?.innerHTML.toLowerCase().includes(colour) ?? false,
			{ name: "Line chart, light", colour: brand },
		);
		assert.ok(!(await sampleSvg(page, "Line chart, dark")).includes(brand), "a light colour changed the dark preview");

		// A low-contrast muted text warns as it is typed, before the server has seen it (saves are
		// held here until the warning shows); then the theme still saves.
		await page.locator(".save-state").getByText("Saved").waitFor();
		let releaseSaves = () => {};
		const held = new Promise<void>((resolve) => {
			releaseSaves = resolve;
		});
		await page.route(`**/console/api/themes/${themeId}`, async (route) => {
			if (route.request().method() === "PATCH") await held;
			await route.continue();
		});
		const checks = page.getByRole("region", { name: /accessibility warning/ });
		assert.doesNotMatch(await checks.innerText(), /Muted text is/);
		await page.getByLabel("Muted text", { exact: true }).fill("#dddddd");
		await checks.getByText(/Muted text is [\d.]+:1 on the light background; needs 4\.5:1/).waitFor();
		assert.match(await checks.innerText(), /Checked as you edit/);
		releaseSaves();
		await page.locator(".save-state").getByText("Saved").waitFor();
		await page.unroute(`**/console/api/themes/${themeId}`);
		// The palette: add a colour, move the first one down, remove the added one.
		await page.getByRole("button", { name: "Add colour" }).click();
		await page.getByLabel(added, { exact: true }).waitFor();
		await page.getByRole("button", { name: "Move colour 1 down" }).click();
		await assertValue(page.getByLabel("Colour 2", { exact: true }), brand);
		await assertValue(page.getByLabel("Colour 1", { exact: true }), classicPalette[1] ?? "");
		await page.getByRole("button", { name: `Remove ${added.toLowerCase()}` }).click();
		await page.getByLabel(added, { exact: true }).waitFor({ state: "detached" });
		await page.getByRole("button", { name: "Move colour 2 up" }).click();
		const palette = [brand, ...classicPalette.slice(1)];
		// Autosave sends the last state after a pause: wait until the stored theme has it.
		await page.waitForFunction(
			async ({ id, want }) => {
				const theme = await (await fetch(`/console/api/themes/${id}`)).json();
				return JSON.stringify(theme.colors.light.palette) === want && theme.colors.light.mutedText === "#dddddd";
			},
			{ id: themeId, want: JSON.stringify(palette) },
			{ polling: 250 },
		);
		await page.locator(".save-state").getByText("Saved").waitFor();
		const stored = await page.evaluate(async (id) => (await fetch(`/console/api/themes/${id}`)).json(), themeId);
		assert.deepEqual(stored.colors.light.palette, palette);
		assert.equal(stored.colors.light.mutedText, "#dddddd");
		assert.ok(
			stored.checks.some((check: { id: string }) => check.id === "contrast:light:mutedText"),
			"the API's checks lack the muted text warning",
		);

		// Before it is the default, the chart draws with Classic; after, with the new theme.
		assert.ok(!(await exportSvg()).includes(brand));
		await page.getByRole("button", { name: "Make default" }).click();
		await page.locator(".studio-bar").getByText("Default", { exact: true }).waitFor();
		assert.ok((await exportSvg()).includes(brand), "the chart's export does not use the new default theme");

		// A chart naming the theme is counted in the delete confirmation.
		await fixture.api(owner, "PATCH", `/v1/charts/${chartId}`, { meta: { theme: themeId } });
		await page.getByRole("link", { name: "Themes" }).first().click();
		await page.getByRole("button", { name: "Actions for Browser house" }).click();
		await page.getByRole("menuitem", { name: "Delete…" }).click();
		const dialog = page.getByRole("dialog", { name: "Delete Browser house?" });
		assert.match(await dialog.innerText(), /1 chart uses it; it will use the workspace default \(Classic \(Okabe–Ito\)\) instead/);
		await dialog.getByRole("button", { name: "Delete theme" }).click();
		await page.getByRole("listitem").filter({ hasText: "Browser house" }).waitFor({ state: "detached" });
		assert.match(await classicRow.innerText(), /Default/);
		const after = await exportSvg();
		assert.ok(!after.includes(brand) && after.includes("#0072b2"), "the deleted theme's chart did not fall back to Classic");

		assert.deepEqual(problems, []);
		await context.close();
	});

	it("undoes the last change, refuses an SVG logo with a script naming it at the logo field, and keeps a clean one", async () => {
		const { page, context, problems } = await fixture.signedInPage(owner);
		await page.goto(`${fixture.server.url}/themes`, { waitUntil: "domcontentloaded" });
		await page.getByRole("button", { name: "New theme" }).click();
		await page.getByLabel("Theme name").fill("Logo test");
		await page.getByRole("button", { name: "Create theme" }).click();
		await page.waitForURL((url) => url.pathname.startsWith("/themes/th_"));
		const themeId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");
		const storedTitleSize = (want: number) =>
			page.waitForFunction(
				async ({ id, size }) => (await (await fetch(`/console/api/themes/${id}`)).json()).fonts.titleSize === size,
				{ id: themeId, size: want },
				{ polling: 250 },
			);
		await page.getByLabel("Title size").fill("30");
		await storedTitleSize(30);
		await page.getByRole("button", { name: "Undo" }).click();
		await assertValue(page.getByLabel("Title size"), "18");
		await storedTitleSize(18);

		await page.getByLabel("Upload a logo").setInputFiles({
			name: "logo.svg",
			mimeType: "image/svg+xml",
			buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="4" height="4"/></svg>'),
		});
		const alert = page.getByRole("alert").filter({ hasText: "SVG logo was refused" });
		await alert.waitFor();
		assert.match(await alert.innerText(), /a <script> element/);
		await page.getByLabel("Upload a logo").setInputFiles({
			name: "logo.svg",
			mimeType: "image/svg+xml",
			buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#7a1f5c"/></svg>'),
		});
		await page.getByRole("img", { name: "The theme's logo" }).waitFor();
		// The refused upload's 422 is the API's answer shown in the page; nothing else failed.
		assert.deepEqual(
			problems.filter((p) => !p.includes("422")),
			[],
		);
		await context.close();
	});

	it("passes axe in light and dark and fits 390 px", async () => {
		// One signed-in page per mode, resized to each width: fewer sign-ins and contexts (a fresh
		// context per width once stalled Chromium's sign-in load for 30 s under CI load).
		for (const { mode, widths } of screenVariantsByMode()) {
			const { page, context, problems } = await fixture.signedInPage(owner, { width: widths[0], mode });
			for (const width of widths) {
				await page.setViewportSize({ width, height: 860 });
				await page.goto(`${fixture.server.url}/themes`, { waitUntil: "domcontentloaded" });
				await page.getByRole("list", { name: "Themes" }).waitFor();
				await assertNoHorizontalOverflow(page, `themes (${mode}, ${width} px)`);
				await assertAccessible(page, `themes (${mode}, ${width} px)`);
				await page.goto(`${fixture.server.url}/themes/classic`, { waitUntil: "domcontentloaded" });
				await sampleSvg(page, "Table chart, dark");
				await assertNoHorizontalOverflow(page, `theme studio (${mode}, ${width} px)`);
				await assertAccessible(page, `theme studio (${mode}, ${width} px)`);
			}
			assert.deepEqual(problems, []);
			await context.close();
		}
	});
});
