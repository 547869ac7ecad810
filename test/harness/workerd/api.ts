/**
 * Calls the Worker's own fetch inside workerd, as a client would.
 */
import { exports } from "cloudflare:workers";

export const base = "http://localhost:8787";

export interface CallOptions {
	body?: unknown;
	/** Sent as is, without JSON encoding. */
	rawBody?: string | Uint8Array;
	headers?: Record<string, string>;
}

export async function call(key: string | null, method: string, path: string, options: CallOptions = {}): Promise<Response> {
	const headers: Record<string, string> = { ...options.headers };
	if (key !== null) headers.Authorization = `Bearer ${key}`;
	let body: string | Uint8Array | undefined;
	if (options.rawBody !== undefined) body = options.rawBody;
	else if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers["Content-Type"] ??= "application/json";
	}
	return exports.default.fetch(new Request(`${base}${path}`, { method, headers, body }));
}

export async function callJson<T = Record<string, unknown>>(
	key: string | null,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<{ status: number; body: T; headers: Headers }> {
	const response = await call(key, method, path, options);
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

export interface ErrorBody {
	error: { code: string; message: string; details?: unknown };
}
