/**
 * The embed loader (`{embed base}/embed.js`, docs/design.md#d39), pasted once into a host page beside
 * our iframes: it sizes every iframe of ours to the height its page reports
 * (`{ type: "charts:height", height }`), so the frame fits the chart. It takes messages only from
 * the embed host's origin and only from a frame whose `src` is on the embed host, and it must
 * stay under 1 KB (the publish tests check). Without it the frame keeps its aspect ratio.
 */
(() => {
	const script = document.currentScript as HTMLScriptElement | null;
	if (!script) return;
	// The embed base: this script's URL without `/embed.js` or `/_client/embed.<hash>.js`.
	const base = script.src.replace(/\/(_client\/)?embed(\.[0-9a-f]{16})?\.js([?#].*)?$/, "/");
	const origin = new URL(base).origin;
	window.addEventListener("message", (event) => {
		const data = event.data as { type?: unknown; height?: unknown } | null;
		if (event.origin !== origin || typeof data !== "object" || data === null || data.type !== "charts:height") return;
		const height = data.height;
		if (typeof height !== "number" || !(height > 0 && height < 100_000)) return;
		const frames = document.getElementsByTagName("iframe");
		for (let i = 0; i < frames.length; i++) {
			const frame = frames[i];
			if (!frame || frame.contentWindow !== event.source || frame.src.indexOf(base) !== 0) continue;
			const px = `${Math.ceil(height)}px`;
			const box = frame.parentElement;
			// The published snippet: an absolutely placed frame in a box kept at the aspect ratio.
			if (box && frame.style.position === "absolute") {
				box.style.paddingTop = "0";
				box.style.height = px;
			} else frame.style.height = px;
		}
	});
})();
