/**
 * Signing in and calling the Worker with a console session, as the browser would: the cookie
 * from sign-in sent back, and `X-CSRF-Token` on writes unless a test leaves it out on purpose.
 */
import { exports } from "cloudflare:workers";
import { base } from "./api";

export interface TestSession {
	/** `charts_session=<token>`, as a browser sends it back. */
	cookie: string;
	csrfToken: string;
	accountId: string;
}

export async function signInResponse(email: string, password: string, url = base): Promise<Response> {
	return exports.default.fetch(
		new Request(`${url}/auth/sign-in`, {
			method: "POST",
			headers: { "Content-Type": "application/json" },
			body: JSON.stringify({ email, password }),
		}),
	);
}

export async function signIn(email: string, password: string): Promise<TestSession> {
	const response = await signInResponse(email, password);
	if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
	const body = await response.json<{ csrfToken: string; accountId: string }>();
	const setCookie = response.headers.get("Set-Cookie") ?? "";
	return { cookie: setCookie.split(";")[0] ?? "", csrfToken: body.csrfToken, accountId: body.accountId };
}

export interface SessionCallOptions {
	body?: unknown;
	/** Defaults to sending the session's token on writes; false leaves it out, a string sends that. */
	csrf?: boolean | string;
	headers?: Record<string, string>;
}

export async function callWithSession(
	session: TestSession,
	method: string,
	path: string,
	options: SessionCallOptions = {},
): Promise<{ status: number; body: Record<string, unknown> & { error?: { code: string; message: string } }; headers: Headers }> {
	const headers: Record<string, string> = { Cookie: session.cookie, ...options.headers };
	const csrf = options.csrf ?? true;
	if (csrf !== false && method !== "GET") headers["X-CSRF-Token"] = csrf === true ? session.csrfToken : csrf;
	let body: string | undefined;
	if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers["Content-Type"] = "application/json";
	}
	const response = await exports.default.fetch(new Request(`${base}${path}`, { method, headers, body }));
	const text = await response.text();
	return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}
