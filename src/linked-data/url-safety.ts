/**
 * Which URLs a chart may be linked to: http(s) only, no credentials in the URL,
 * and, unless private addresses are allowed (`LINKED_DATA_ALLOW_PRIVATE=true`, local demos and
 * tests), no loopback, private, link-local, shared, multicast or reserved address.
 *
 * Checked on the URL's host as written, for every redirect hop. A Worker cannot resolve DNS
 * itself, so a public name that resolves to a private address is not caught here; on Cloudflare
 * a Worker's fetch reaches only the public internet, which is what covers that case in production.
 */

/** Why a URL is refused, in words a person can act on; null when it may be read. */
export function unsafeUrlReason(raw: string, allowPrivate: boolean): string | null {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		return `"${raw.slice(0, 200)}" is not an absolute URL; give the full address, starting with https://`;
	}
	if (url.protocol !== "https:" && url.protocol !== "http:")
		return `Only http and https URLs can be linked, not ${url.protocol.replace(/:$/, "")}.`;
	if (url.username !== "" || url.password !== "") {
		return "The URL carries a user name or password; linked data is read without credentials, so publish the file at a public address.";
	}
	if (allowPrivate) return null;
	const host = url.hostname.toLowerCase().replace(/\.$/, "");
	if (isPrivateHostName(host)) return `${host} is a local or private address; a linked URL must be reachable on the public internet.`;
	return null;
}

const localNames = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

function isPrivateHostName(host: string): boolean {
	if (host === "" || localNames.test(host)) return true;
	if (host.startsWith("[")) return isPrivateIpv6(host.slice(1, -1));
	const v4 = ipv4(host);
	return v4 !== null && isPrivateIpv4(v4);
}

/** The four bytes of a dotted IPv4 address (the URL parser has already turned 0x7f.1 or 2130706433 into one). */
function ipv4(text: string): number[] | null {
	const parts = text.split(".");
	if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
	return parts.map(Number);
}

/** RFC 6890's special-purpose ranges that are not globally reachable. */
function isPrivateIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
	return (
		a === 0 || // "this network"
		a === 10 ||
		a === 127 ||
		(a === 100 && b >= 64 && b <= 127) || // shared address space (carrier-grade NAT)
		(a === 169 && b === 254) || // link-local, cloud metadata
		(a === 172 && b >= 16 && b <= 31) ||
		(a === 192 && b === 168) ||
		(a === 192 && b === 0 && (c === 0 || c === 2)) ||
		(a === 198 && (b === 18 || b === 19)) || // benchmarking
		(a === 198 && b === 51 && c === 100) ||
		(a === 203 && b === 0 && c === 113) ||
		a >= 224 // multicast, reserved, broadcast
	);
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed, lower-case). */
function ipv6Groups(text: string): number[] | null {
	const [head = "", tail] = text.split("::");
	const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
	const left = parse(head);
	const right = tail === undefined ? [] : parse(tail);
	const groups = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
	return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function isPrivateIpv6(text: string): boolean {
	const g = ipv6Groups(text);
	if (!g) return true; // not an address we can read: refuse rather than guess
	const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = g;
	const allZeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
	if (allZeroTo(7) && (g7 === 0 || g7 === 1)) return true; // :: and ::1
	// IPv4-mapped (::ffff:a.b.c.d) and the NAT64 prefix 64:ff9b::/96 carry an IPv4 address: judge that.
	if ((allZeroTo(5) && g5 === 0xffff) || (g0 === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))) {
		return isPrivateIpv4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
	}
	return (
		(g0 & 0xfe00) === 0xfc00 || // unique local
		(g0 & 0xffc0) === 0xfe80 || // link-local
		(g0 & 0xffc0) === 0xfec0 || // site-local (deprecated)
		(g0 & 0xff00) === 0xff00 || // multicast
		(g0 === 0x2001 && g[1] === 0x0db8) // documentation
	);
}

/**
 * A published Google Sheet's page address (`…/pubhtml`) read as its CSV (`…/pub?output=csv`), so
 * the link people copy from "Publish to the web" works as it is.
 */
export function normalizeSourceUrl(raw: string): string {
	let url: URL;
	try {
		url = new URL(raw.trim());
	} catch {
		return raw.trim();
	}
	if (url.hostname === "docs.google.com" && /^\/spreadsheets\/d\/e\/[^/]+\/pubhtml$/.test(url.pathname)) {
		url.pathname = url.pathname.replace(/pubhtml$/, "pub");
		url.searchParams.set("output", "csv");
	}
	return url.href;
}
