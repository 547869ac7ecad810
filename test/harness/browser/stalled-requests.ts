/**
 * Names every request a page has waited on for 15 s, on stderr, as it happens. A page or one of
 * its subresources still stalls under `wrangler dev` now and then (docs/testing.md, "When a
 * browser test times out"); the test then fails on a timeout that says only what it waited
 * for. This says which request it was, and whether its headers had come.
 */
import type { Browser, BrowserContext, Request } from "playwright-core";

const stalledAfterMs = 15_000;

/** Watches every context the browser opens from now on (`newPage` opens one through `newContext`). */
export function reportStalledRequests(browser: Browser): Browser {
	const newContext = browser.newContext.bind(browser);
	browser.newContext = async (options) => {
		const context = await newContext(options);
		watch(context);
		return context;
	};
	return browser;
}

function watch(context: BrowserContext): void {
	const waiting = new Map<Request, { timer: NodeJS.Timeout; answered: boolean }>();
	context.on("request", (request) => {
		const timer = setTimeout(() => {
			const state = waiting.get(request)?.answered ? "its headers came, its body did not" : "no answer";
			process.stderr.write(`stalled request: ${request.method()} ${request.url()} (${request.resourceType()}): ${state} after 15 s\n`);
		}, stalledAfterMs);
		timer.unref();
		waiting.set(request, { timer, answered: false });
	});
	context.on("response", (response) => {
		const entry = waiting.get(response.request());
		if (entry) entry.answered = true;
	});
	const settled = (request: Request) => {
		clearTimeout(waiting.get(request)?.timer);
		waiting.delete(request);
	};
	context.on("requestfinished", settled);
	context.on("requestfailed", settled);
	// A new document drops what the old one still waited for; Playwright reports no end for those.
	context.on("page", (page) => {
		page.on("framenavigated", (frame) => {
			for (const request of waiting.keys()) {
				if (request.frame() === frame && !request.isNavigationRequest()) settled(request);
			}
		});
	});
	context.on("close", () => {
		for (const { timer } of waiting.values()) clearTimeout(timer);
		waiting.clear();
	});
}
