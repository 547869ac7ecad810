/**
 * Which redirect URIs a client may register (docs/mcp.md, "Signing in"): `https:` anywhere, or
 * `http:` to this machine's loopback address with any port (a desktop assistant listening for the
 * redirect, as OAuth 2.1 allows for native apps). No fragment, no user name or password in it.
 * A registered URI is then matched exactly, character for character, at authorize and token time.
 */

export const maxRedirectUris = 5;
const maxUriLength = 2000;
const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Why `uri` cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
	if (uri.length > maxUriLength) return `is longer than ${maxUriLength} characters`;
	let url: URL;
	try {
		url = new URL(uri);
	} catch {
		return "is not an absolute URL";
	}
	if (uri.includes("#")) return "has a fragment (#…), which a redirect URI must not have";
	if (url.username !== "" || url.password !== "") return "carries a user name or password";
	if (url.protocol === "https:") return null;
	if (url.protocol === "http:" && loopbackHosts.has(url.hostname)) return null;
	return "must be https:, or http: to a loopback address (127.0.0.1, localhost or [::1]) for an app on this machine";
}

/** The host the consent screen names, so the person sees where the answer goes. */
export function redirectHost(uri: string): string {
	try {
		return new URL(uri).host;
	} catch {
		return uri;
	}
}
