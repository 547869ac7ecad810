/**
 * Tells the page that frames the chart how tall its content is (docs/design.md#d39), on load and
 * whenever it changes (a resize, a table page, the interactive drawing replacing the server's):
 * `{ type: "charts:height", id, height }`. The optional loader (`loader.ts`) sizes the iframe to
 * it, so the frame is as tall as the chart needs, with no inner scrollbar and no empty band.
 */

/** The chart's id: the page is served at `{embed base}/{id}/`. */
function chartId(): string {
	return location.pathname.split("/").filter(Boolean).pop() ?? "";
}

export function reportHeight(): void {
	if (window.parent === window) return;
	const id = chartId();
	let last = 0;
	const post = () => {
		// The body's own height, not the document's: that is at least the frame's and never shrinks.
		const height = Math.ceil(document.body.getBoundingClientRect().height);
		if (height === 0 || height === last) return;
		last = height;
		// Neither the height nor the id is a secret: any host page may read them.
		window.parent.postMessage({ type: "charts:height", id, height }, "*");
	};
	new ResizeObserver(post).observe(document.body);
	window.addEventListener("load", post);
}
