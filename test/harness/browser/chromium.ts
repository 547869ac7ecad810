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

export function launchChromium(): Promise<Browser> {
	const shared = process.env[sharedBrowserVar];
	return shared ? chromium.connect(shared) : chromium.launch(launchOptions);
}

/** A Chromium other processes connect to (its WebSocket address is `wsEndpoint()`). */
export function launchChromiumServer(): Promise<BrowserServer> {
	return chromium.launchServer(launchOptions);
}
