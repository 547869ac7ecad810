/**
 * An uploaded font in the theme studio, in a real browser against a real `wrangler dev`:
 * upload a TTF in the studio's Fonts section, see it listed and chosen as the theme's family, see
 * the studio's sample charts drawn with it (the page loaded the face), make the theme the default
 * and see a chart's SVG export carry the font; the font cannot be deleted while the theme names
 * it (the message names the theme), and can once the theme names another family. Skipped, saying
 * why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { startConsole } from "../harness/browser/console-fixture.ts";

const skip = chromiumMissing() ?? false;
const family = "DejaVu Serif";

function themeId(page: Page): string {
	return decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");
}

/**
 * Whether the page has a face of `name` loaded. Runs in the page (passed to `page.evaluate` or
 * `waitForFunction`), so it uses nothing from this file.
 */
function faceLoaded(name: string): boolean {
	let loaded = false;
	document.fonts.forEach((face) => {
		if (face.family.replace(/"/g, "") === name && face.status === "loaded") loaded = true;
	});
	return loaded;
}

/** Waits until the autosave has stored the theme's font family (read back with the page's session). */
async function storedFamily(page: Page, id: string, expected: string): Promise<void> {
	const deadline = Date.now() + 10_000;
	let stored = "";
	while (Date.now() < deadline) {
		stored = await page.evaluate(
			async (path) => {
				const res = await fetch(path, { credentials: "same-origin" });
				const body = (await res.json()) as { fonts?: { family?: string } };
				return body.fonts?.family ?? "";
			},
			`/console/api/themes/${encodeURIComponent(id)}`,
		);
		if (stored === expected) return;
		await page.waitForTimeout(100);
	}
	assert.fail(`the theme's stored family is "${stored}", not "${expected}"`);
}

describe("uploaded fonts in the theme studio", { skip }, () => {
	let fixture: ConsoleFixture;
	let chartId: string;

	before(async () => {
		fixture = await startConsole(8945, { demoCharts: false });
		const chart = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "line",
			data: "year,North,South\n2021,1,2\n2022,3,2\n",
			meta: { title: "Drawn in the house font" },
		});
		chartId = String(chart.id);
	});

	after(async () => {
		await fixture?.stop();
	});

	it("uploads a font in the studio, draws the preview and the exports with it, and deletes it only when no theme names it", async () => {
		const { page, context, problems } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/themes`);
		await page.getByRole("button", { name: "New theme" }).click();
		await page.getByLabel("Theme name").fill("Serif house");
		await page.getByRole("button", { name: "Create theme" }).click();
		await page.waitForURL((url) => url.pathname.startsWith("/themes/th_"));
		await page.getByRole("heading", { name: "Serif house" }).waitFor();

		await page.getByLabel("Upload a font").setInputFiles({
			name: "DejaVuSerif.ttf",
			mimeType: "font/ttf",
			buffer: await readFile("node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf"),
		});
		const listed = page.locator(".font-list li").filter({ hasText: family });
		await listed.waitFor();
		assert.match(await listed.innerText(), /400 regular · .*Latin/);
		await page.waitForFunction((name) => (document.getElementById("font-family") as HTMLSelectElement | null)?.value === name, family);

		// The samples are drawn with the uploaded family, and the page has the face loaded.
		await page.waitForFunction(
			(name) => document.querySelector('[aria-label="Line chart, light"] svg text')?.getAttribute("style")?.includes(name) ?? false,
			family,
		);
		assert.equal(await page.evaluate(faceLoaded, family), true, "the uploaded face was not loaded in the page");

		await storedFamily(page, themeId(page), family);
		await page.getByRole("button", { name: "Make default" }).click();
		await page.locator(".studio-bar .badge", { hasText: "Default" }).waitFor();
		const svg = await fetch(`${fixture.server.url}/v1/charts/${chartId}/export/svg`, {
			headers: { Authorization: `Bearer ${fixture.demo.editor.key}` },
		});
		assert.equal(svg.status, 200);
		const markup = await svg.text();
		assert.match(markup, /@font-face\s*\{[^}]*font-family:\s*['"]?DejaVu Serif/);

		// The chart editor's preview, in a page that never listed the fonts, loads the face to draw with.
		const editor = await context.newPage();
		await editor.goto(`${fixture.server.url}/charts/${chartId}`);
		await editor.waitForFunction(faceLoaded, family);
		await editor.close();

		// In use: the delete is refused, naming the theme; nothing is lost.
		await page.getByRole("button", { name: `Delete font ${family} 400` }).click();
		await page
			.getByRole("dialog", { name: `Delete the font ${family}?` })
			.getByRole("button", { name: "Delete font" })
			.click();
		await page.getByRole("alert").filter({ hasText: '"Serif house"' }).waitFor();
		assert.equal(await listed.count(), 1);

		// Another family first, then the font goes.
		await page.getByLabel("Font family").selectOption("Inter");
		await storedFamily(page, themeId(page), "Inter");
		await page.getByRole("button", { name: `Delete font ${family} 400` }).click();
		await page
			.getByRole("dialog", { name: `Delete the font ${family}?` })
			.getByRole("button", { name: "Delete font" })
			.click();
		await listed.waitFor({ state: "detached" });
		await page.getByText("None yet.", { exact: false }).waitFor();
		// The refused delete is the one error the browser logs (its 409 response).
		assert.deepEqual(
			problems.filter((p) => !p.includes("409")),
			[],
		);
		await context.close();
	});
});
