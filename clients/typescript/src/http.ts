/**
 * The one request path: send with `fetch` (only fetch, so the client runs in Node 20, browsers,
 * Deno and Workers), retry 429/503 and network failures within a budget honouring `Retry-After`,
 * and turn an error answer into its class. An `Idempotency-Key` is fixed before the first attempt,
 * so a retried create or publish never makes two. Reads carry the greatest `X-D1-Bookmark` this
 * client was answered (docs/api.md, "Reading your own writes"), so a read right after a write
 * never comes from a database replica that has not seen it.
 */
import { ApiError, ConnectionFailed, errorFrom, retryAfterSeconds } from "./errors.js";

export interface RetryPolicy {
	/** Retries after the first attempt (default 4; 0 turns retrying off). */
	maxRetries?: number;
	/** Most time spent waiting between attempts, in milliseconds (default 90 000). */
	budgetMs?: number;
	/** First backoff when an answer names no `Retry-After`, doubled each time (default 500). */
	backoffMs?: number;
}

export interface ClientOptions {
	/** The service's address, e.g. `https://charts.example.org`. */
	baseUrl: string;
	/** An API key (`cs_…`). */
	apiKey: string;
	retry?: RetryPolicy;
	/** Defaults to the global `fetch`; pass one for a proxy, a mock or a Worker's service binding. */
	fetch?: typeof fetch;
	/** How to wait between attempts (tests pass one that records instead). */
	sleep?: (ms: number) => Promise<void>;
	/**
	 * A bookmark another client was answered (its `bookmark`), to start from: this client's reads
	 * then see everything that one wrote (a notebook resuming after a script).
	 */
	bookmark?: string | null;
	/** Send the latest `X-D1-Bookmark` on reads (default true); when false the client still keeps it in `bookmark`. */
	readYourWrites?: boolean;
}

const bookmarkHeader = "X-D1-Bookmark";
const readMethods = new Set<Call["method"]>(["GET"]);

export interface Call {
	method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
	path: string;
	query?: Record<string, string | number | boolean | undefined>;
	json?: unknown;
	csv?: string;
	idempotencyKey?: string;
	accept?: string;
	headers?: Record<string, string>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function newIdempotencyKey(): string {
	return crypto.randomUUID();
}

export class Http {
	private readonly baseUrl: string;
	private readonly fetch: typeof fetch;
	private readonly sleep: (ms: number) => Promise<void>;
	private readonly retry: Required<RetryPolicy>;
	/** The greatest bookmark answered so far: bookmarks sort as strings in the order they were made. */
	private latestBookmark: string | null;

	constructor(private readonly options: ClientOptions) {
		if (!options.baseUrl) throw new TypeError("baseUrl is required, e.g. https://charts.example.org");
		if (!options.apiKey) throw new TypeError("apiKey is required (a key starts with cs_)");
		this.baseUrl = options.baseUrl.replace(/\/+$/, "");
		// Bound: a detached `fetch` throws "Illegal invocation" in browsers and Workers.
		this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
		this.sleep = options.sleep ?? wait;
		this.retry = { maxRetries: 4, budgetMs: 90_000, backoffMs: 500, ...options.retry };
		if (options.bookmark !== undefined && options.bookmark !== null && typeof options.bookmark !== "string") {
			throw new TypeError("bookmark takes the text of an X-D1-Bookmark answer (a client's bookmark)");
		}
		this.latestBookmark = options.bookmark?.trim() || null;
	}

	get bookmark(): string | null {
		return this.latestBookmark;
	}

	/** Keeps an answered bookmark when it is newer: an older one (a lagging replica, a slower parallel request) is ignored. */
	private keepBookmark(response: Response): void {
		const answered = response.headers.get(bookmarkHeader)?.trim();
		if (answered && (this.latestBookmark === null || answered > this.latestBookmark)) this.latestBookmark = answered;
	}

	private request(call: Call): Request {
		const url = new URL(this.baseUrl + call.path);
		for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
		const headers = new Headers({
			Authorization: `Bearer ${this.options.apiKey}`,
			Accept: call.accept ?? "application/json",
			...call.headers,
		});
		if (call.idempotencyKey) headers.set("Idempotency-Key", call.idempotencyKey);
		// Writes start on the primary whatever they send, so they carry none.
		if (this.latestBookmark && this.options.readYourWrites !== false && readMethods.has(call.method)) {
			headers.set(bookmarkHeader, this.latestBookmark);
		}
		let body: string | undefined;
		if (call.json !== undefined) {
			body = JSON.stringify(call.json);
			headers.set("Content-Type", "application/json");
		} else if (call.csv !== undefined) {
			body = call.csv;
			headers.set("Content-Type", "text/csv; charset=utf-8");
		}
		return new Request(url, { method: call.method, headers, body });
	}

	private backoff(attempt: number): number {
		return this.retry.backoffMs * 2 ** attempt * (0.5 + Math.random() / 2);
	}

	/** Sends `call` and answers the successful `Response`; throws its `ApiError` otherwise. */
	async send(call: Call): Promise<Response> {
		let spent = 0;
		for (let attempt = 0; ; attempt++) {
			let waitMs: number;
			try {
				const response = await this.fetch(this.request(call));
				this.keepBookmark(response);
				if (response.ok) return response;
				const error = await errorFrom(response);
				const after = retryAfterSeconds(error.headers);
				if (!(error.status === 429 || error.status === 503) || attempt >= this.retry.maxRetries) throw error;
				waitMs = after !== undefined ? after * 1000 : this.backoff(attempt);
				if (spent + waitMs > this.retry.budgetMs) throw error;
			} catch (failure) {
				if (failure instanceof ApiError) throw failure;
				waitMs = this.backoff(attempt);
				if (attempt >= this.retry.maxRetries || spent + waitMs > this.retry.budgetMs) {
					const reason = failure instanceof Error ? failure.message : String(failure);
					throw new ConnectionFailed(`${call.method} ${call.path}: ${reason}`, { cause: failure });
				}
			}
			await this.sleep(waitMs);
			spent += waitMs;
		}
	}

	async json<T>(call: Call): Promise<T> {
		return (await (await this.send(call)).json()) as T;
	}
}
