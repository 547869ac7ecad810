/**
 * What a person typed into a web-address field (`sourceUrl`, any `format: "uri"` setting) read as
 * the address they mean: `www.destatis.de/bevoelkerung` is `https://www.destatis.de/bevoelkerung`.
 * The API takes only http(s) URLs (meta-settings.ts `httpUrl`); an address that still is not one
 * is held at the field with a plain-words problem and not sent, so the chart's other edits save
 * (the Data step holds a bad cell the same way, held-cells.ts).
 */

export type WebAddress = { value: string } | { problem: string };

export const webAddressProblem = "Enter a web address, like https://www.destatis.de";

/** Has a scheme of its own (`https:`, `mailto:`, `ftp:`), not a host with a port (`localhost:8787`). */
const scheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
/** A host to put `https://` before: a name with a dot in it (`www.destatis.de`), or localhost. */
const bareHost = /^(?:[^\s/?#@:]+\.[^\s/?#@:.]+|localhost)(?::\d+)?(?:[/?#]\S*)?$/i;

function httpUrl(text: string): string | null {
	if (!/^https?:\/\//i.test(text)) return null;
	try {
		const url = new URL(text);
		if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return null;
		return text;
	} catch {
		return null;
	}
}

/** The address `raw` is read as (trimmed; `https://` put before a bare host), or the problem to show. */
export function readWebAddress(raw: string): WebAddress {
	const text = raw.trim();
	const given = scheme.test(text) ? httpUrl(text) : null;
	if (given) return { value: given };
	if (!scheme.test(text)) {
		const bare = text.replace(/^\/\//, "");
		const meant = bareHost.test(bare) ? httpUrl(`https://${bare}`) : null;
		if (meant) return { value: meant };
	}
	return { problem: webAddressProblem };
}
