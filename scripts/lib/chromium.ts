/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags a
 * machine without internet needs: no background networking, updates or sync.
 */
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import { chromium } from "playwright-core";

export const chromiumPath = "/usr/bin/chromium";

/** Why Chromium cannot be used here, or null when it can. */
export function chromiumMissing(): string | null {
	return existsSync(chromiumPath) ? null : `Chromium is not installed at ${chromiumPath} (apt-get install -y chromium)`;
}

export function launchChromium(): Promise<Browser> {
	return chromium.launch({
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
	});
}
