/**
 * Screenshots of the theme studio: the themes list and the studio of a new theme with
 * a low-contrast muted text (so a check shows), light and dark, 1280 and 390 px, into
 * `docs/screenshots/`. Its own port (8926 unless `--port`), so it runs beside other work.
 *   node --import tsx scripts/screenshots-themes.ts [--port 8926]
 */
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { startConsole } from "../test/harness/browser/console-fixture.ts";

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8926;
const outDir = "docs/screenshots";

async function settle(page: Page): Promise<void> {
	await page.waitForLoadState("networkidle");
	await page.evaluate(() => document.fonts.ready);
	await page.waitForTimeout(800);
}

const fixture = await startConsole(port, { demoCharts: false });
try {
	await mkdir(outDir, { recursive: true });
	let studioPath: string | null = null;
	for (const mode of ["light", "dark"] as const) {
		for (const width of [1280, 390]) {
			const { page, context, problems } = await fixture.signedInPage(fixture.demo.editor, { width, mode, height: 900 });
			if (!studioPath) {
				await page.goto(`${fixture.server.url}/themes`);
				await page.getByRole("button", { name: "New theme" }).click();
				await page.getByLabel("Theme name").fill("House style");
				await page.getByRole("button", { name: "Create theme" }).click();
				await page.waitForURL((url) => url.pathname.startsWith("/themes/"));
				await page.getByLabel("Muted text", { exact: true }).fill("#b0b0b0");
				await page.getByText("Saved").waitFor();
				studioPath = new URL(page.url()).pathname;
			}
			for (const [name, path] of [
				["themes", "/themes"],
				["theme-studio", studioPath],
			] as const) {
				await page.goto(`${fixture.server.url}${path}`);
				await settle(page);
				const file = `${outDir}/${name}-${mode}-${width}.png`;
				await page.screenshot({ path: file, fullPage: true });
				const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
				console.log(`wrote ${file}${overflow > 0 ? ` (OVERFLOWS by ${overflow} px)` : ""}`);
			}
			if (problems.length > 0) console.warn(`problems (${mode}, ${width}):\n  ${problems.join("\n  ")}`);
			await context.close();
		}
	}
} finally {
	await fixture.stop();
}
