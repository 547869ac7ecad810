/**
 * Waits until the page's web fonts (Inter and DejaVu Sans from the embed host, a theme's uploaded
 * fonts) that the server drawing uses have loaded, so ECharts measures and wraps text in the very
 * faces the exports use instead of the fallback it would find at once. Reading
 * layout makes the browser shape the drawing's text, which starts those loads; `fonts.ready`
 * then settles when they have. A font that never comes must not keep the chart static: after
 * `limit` ms the client draws with what there is (the browser swaps faces in when they arrive).
 */
export async function fontsReady(limit = 3000): Promise<void> {
	if (!("fonts" in document)) return;
	document.body.getBoundingClientRect();
	await Promise.race([document.fonts.ready, new Promise((resolve) => window.setTimeout(resolve, limit))]);
}
