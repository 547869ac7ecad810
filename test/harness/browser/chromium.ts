/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags a
 * machine without internet needs: no background networking, updates or sync. The browser test
 * runner starts one Chromium for all files and names it in CHARTS_TEST_BROWSER; launchChromium
 * then connects to it (closing a connected browser closes only its own contexts).
 */
import { existsSync } from "node:fs";
import type { Browser, BrowserServer, LaunchOptions } from "playwright-core";
import { chromium } from "playwright-core";

export const chromiumPath = "/usr/bin/chromium";
export const sharedBrowserVar = "CHARTS_TEST_BROWSER";

const launchOptions: LaunchOptions = {
	executablePath: chromiumPath,
	args: [
		"--headless",
		"--no-sandbox",
		"--disable-gpu",
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
		"--no-first-run",
	],
};

/** Why Chromium cannot be used here, or null when it can. */
export function chromiumMissing(): string | null {
	return existsSync(chromiumPath) ? null : `Chromium is not installed at ${chromiumPath} (apt-get install -y chromium)`;
}

export async function launchChromium(): Promise<Browser> {
	const shared = process.env[sharedBrowserVar];
	return patient(shared ? await chromium.connect(shared) : await chromium.launch(launchOptions));
}

/**
 * Every context opened on `browser` (`newPage` opens one through `newContext`) waits as long as a
 * loaded 2-core machine needs: 90 s for a navigation, 60 s for an element or a response. The waits
 * after a navigation (a heading, a drawing, a refusal from the API) wait on the page's scripts and
 * fetches from the same dev server, seen to take over Playwright's 30 s under load (a document or
 * data.json answering after 15 s). A wait that never ends still fails. Explicit timeouts stay.
 */
function patient(browser: Browser): Browser {
	const newContext = browser.newContext.bind(browser);
	browser.newContext = async (options) => {
		const context = await newContext(options);
		context.setDefaultNavigationTimeout(90_000);
		context.setDefaultTimeout(60_000);
		return context;
	};
	return browser;
}

/** A Chromium other processes connect to (its WebSocket address is `wsEndpoint()`). */
export function launchChromiumServer(): Promise<BrowserServer> {
	return chromium.launchServer(launchOptions);
}
