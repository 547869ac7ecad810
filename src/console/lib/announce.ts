/**
 * One polite live region for the whole app (docs/design.md#console-keyboard): save states, errors and
 * completed actions are read out to screen-reader users.
 */
let region: HTMLElement | null = null;

export function announce(message: string): void {
	if (!region) {
		region = document.createElement("div");
		region.setAttribute("aria-live", "polite");
		region.setAttribute("role", "status");
		region.className = "visually-hidden";
		document.body.append(region);
	}
	// Cleared first so the same message twice is announced twice.
	region.textContent = "";
	const target = region;
	window.setTimeout(() => {
		target.textContent = message;
	}, 50);
}
