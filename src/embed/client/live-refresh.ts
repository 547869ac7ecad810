/**
 * The reader side of live charts: a page whose chart follows linked data or library
 * statistics (`<main data-live>`) watches for a redraw while it is open, so a live results page
 * stays live without the reader reloading it.
 *
 * Once a minute at most, and only while the page is visible, it asks the embed host for the
 * page's ETag (the published version) with `If-None-Match`: an unchanged chart costs a bodiless
 * 304. When the version changed, the frame reloads itself, the host page around it stays put,
 * except while the reader is pointing at or focused in the chart (it waits, at most three checks).
 */

export const liveCheckMs = 60_000;
const maxDeferrals = 3;

export function startLiveRefresh(): void {
	const main = document.querySelector("main");
	if (!main?.hasAttribute("data-live") || typeof fetch !== "function") return;
	const page = location.href.split("#")[0] ?? location.href;
	let known: string | null = null;
	let deferred = 0;
	let timer: ReturnType<typeof setTimeout> | undefined;

	const busyReader = () => main.matches(":hover") || main.contains(document.activeElement);
	const check = async () => {
		timer = undefined;
		try {
			const response = await fetch(page, {
				method: "HEAD",
				cache: "no-store",
				credentials: "omit",
				headers: known ? { "If-None-Match": known } : {},
			});
			const etag = response.headers.get("etag");
			if (response.status === 200 && etag) {
				if (known === null) known = etag;
				else if (etag !== known) {
					if (busyReader() && deferred++ < maxDeferrals) return;
					location.reload();
					return;
				}
			}
		} catch {
			// Offline or the host is busy: try again at the next tick.
		} finally {
			schedule();
		}
	};
	const schedule = () => {
		if (timer === undefined && document.visibilityState === "visible") timer = setTimeout(check, liveCheckMs);
	};
	document.addEventListener("visibilitychange", () => {
		if (document.visibilityState !== "visible" && timer !== undefined) {
			clearTimeout(timer);
			timer = undefined;
		} else schedule();
	});
	// The first check learns the version this page shows.
	void check();
}
