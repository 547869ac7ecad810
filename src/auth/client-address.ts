/**
 * The client a sign-in comes from, for the per-client throttle: `CF-Connecting-IP`, which
 * Cloudflare sets on every request from outside (replacing anything the client sent). An IPv6
 * address counts by its /64, the block one subscriber is usually given, so stepping through
 * addresses of one's own block does not buy new attempts.
 *
 * Without the header there is no client to count: only a request that did not come through
 * Cloudflare's edge lacks it (local \`wrangler dev\`, tests, another Worker calling this one), and
 * one shared bucket for all of those would let any one of them stop every other from signing in.
 * Such a sign-in is limited per email (or device) only. A value that is no IP address (it cannot
 * come from the edge) counts as itself, cut to 64 characters.
 */

const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function normalizedIpv4(text: string): string | null {
	const match = ipv4.exec(text);
	if (!match) return null;
	const octets = match.slice(1).map(Number);
	return octets.every((octet) => octet <= 255) ? octets.join(".") : null;
}

/** The first four groups of an IPv6 address, expanded, or null when it is not one. */
function ipv6Prefix64(text: string): string | null {
	const address = text.toLowerCase();
	if (!/^[0-9a-f:.]+$/.test(address) || address.split("::").length > 2) return null;
	const [head = "", tail] = address.split("::");
	const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
	const headGroups = groupsOf(head);
	const tailGroups = tail === undefined ? [] : groupsOf(tail);
	// An embedded IPv4 (::ffff:192.0.2.1) takes two groups.
	const last = tailGroups.length > 0 ? tailGroups[tailGroups.length - 1] : headGroups[headGroups.length - 1];
	const embedsIpv4 = last?.includes(".") ?? false;
	const named = headGroups.length + tailGroups.length + (embedsIpv4 ? 1 : 0);
	const missing = 8 - named;
	if (tail === undefined ? missing !== 0 : missing < 1) return null;
	const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...tailGroups];
	const hexGroups = embedsIpv4 ? groups.slice(0, -1) : groups;
	if (!hexGroups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
	if (embedsIpv4 && normalizedIpv4(groups[groups.length - 1] ?? "") === null) return null;
	return hexGroups
		.slice(0, 4)
		.map((group) => group.replace(/^0+(?=.)/, ""))
		.join(":");
}

/** What the per-client bucket is named after: an IPv4 address or an IPv6 /64; null without the header. */
export function clientAddress(request: Request): string | null {
	const header = request.headers.get("cf-connecting-ip")?.trim().toLowerCase() ?? "";
	if (header === "") return null;
	const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(header);
	const v4 = normalizedIpv4(mapped?.[1] ?? header);
	if (v4 !== null) return v4;
	const v6 = ipv6Prefix64(header);
	return v6 === null ? header.slice(0, 64) : `${v6}::/64`;
}
