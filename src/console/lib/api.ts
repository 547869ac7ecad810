/**
 * The console's one way to call the API: same-origin `fetch` with the session cookie, the CSRF
 * token on every write (docs/design.md#d32), JSON in and out, and failures as `ApiFailure` carrying the
 * API's own code, message and details, so screens can show them where they belong.
 * A 401 `unauthorized` anywhere but sign-in means the session ended: listeners (the app) send the person to
 * the sign-in page and back afterwards. Reads carry the latest `X-D1-Bookmark` the API answered
 * (docs/api.md), so a list read right after a change never comes from a replica that has not seen it.
 */

export interface ErrorDetails {
	path?: string;
	row?: number;
	column?: string;
	[name: string]: unknown;
}

export class ApiFailure extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly details: ErrorDetails | undefined,
		readonly retryAfter: number | null = null,
	) {
		super(message);
		this.name = "ApiFailure";
	}
}

export interface ApiAnswer<T> {
	status: number;
	body: T;
	etag: string | null;
}

export interface RequestOptions {
	body?: unknown;
	/** A raw body sent as is (CSV text, a font file), with its content type. */
	text?: { content: string | Blob; type: string };
	ifMatch?: string;
	signal?: AbortSignal;
}

let csrfToken: string | null = null;
/** The latest database position this page has seen; bookmarks sort in the order they were made. */
let bookmark: string | null = null;
const signedOutListeners = new Set<() => void>();

/** Set from the session (sign-in or `GET /auth/session`); cleared on sign-out. */
export function useCsrfToken(token: string | null): void {
	csrfToken = token;
}

export function onSignedOut(listener: () => void): () => void {
	signedOutListeners.add(listener);
	return () => signedOutListeners.delete(listener);
}

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function headersFor(method: string, options: RequestOptions): Headers {
	const headers = new Headers({ Accept: "application/json" });
	if (options.body !== undefined) headers.set("Content-Type", "application/json");
	if (options.text) headers.set("Content-Type", options.text.type);
	if (options.ifMatch) headers.set("If-Match", options.ifMatch);
	if (writeMethods.has(method) && csrfToken) headers.set("X-CSRF-Token", csrfToken);
	if (!writeMethods.has(method) && bookmark) headers.set("X-D1-Bookmark", bookmark);
	return headers;
}

async function failureOf(response: Response): Promise<ApiFailure> {
	const retryAfter = Number(response.headers.get("Retry-After")) || null;
	try {
		const body = (await response.json()) as { error?: { code?: string; message?: string; details?: ErrorDetails } };
		const error = body.error ?? {};
		return new ApiFailure(
			response.status,
			error.code ?? "unknown",
			error.message ?? `The server answered ${response.status}.`,
			error.details,
			retryAfter,
		);
	} catch {
		return new ApiFailure(
			response.status,
			"unknown",
			`The server answered ${response.status} ${response.statusText}.`,
			undefined,
			retryAfter,
		);
	}
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
	let response: Response;
	try {
		response = await fetch(path, {
			method,
			credentials: "same-origin",
			headers: headersFor(method, options),
			body: options.text ? options.text.content : options.body === undefined ? undefined : JSON.stringify(options.body),
			signal: options.signal,
		});
	} catch (error) {
		if (error instanceof DOMException && error.name === "AbortError") throw error;
		throw new ApiFailure(0, "network", "The service could not be reached. Check your connection and try again.", undefined);
	}
	const answered = response.headers.get("X-D1-Bookmark");
	if (answered && (bookmark === null || answered > bookmark)) bookmark = answered;
	if (!response.ok && response.status !== 304) {
		const failure = await failureOf(response);
		// A wrong current password is a 401 too (invalid_credentials); only a missing session signs out.
		if (response.status === 401 && failure.code === "unauthorized" && !path.startsWith("/auth/")) {
			for (const listener of signedOutListeners) listener();
		}
		throw failure;
	}
	const etag = response.headers.get("ETag");
	const type = response.headers.get("Content-Type") ?? "";
	const body = (
		response.status === 204 || response.status === 304 ? null : type.includes("json") ? await response.json() : await response.text()
	) as T;
	return { status: response.status, body, etag };
}

export const api = {
	get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
	post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("POST", path, { ...options, body }),
	patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>("PATCH", path, { ...options, body }),
	put: <T>(path: string, options: RequestOptions) => request<T>("PUT", path, options),
	delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
};

/** A failure in words a person can act on; the API's message when it has one. */
export function describeFailure(error: unknown): string {
	if (error instanceof ApiFailure) return error.message;
	if (error instanceof Error) return error.message;
	return "Something went wrong.";
}
