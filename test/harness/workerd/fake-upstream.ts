/**
 * A fake web for linked data (src/linked-data/upstream.ts): URL → what it answers, every request
 * recorded with its headers, and a source that can be held mid-read, so a test can write to the
 * chart while the service waits on the source.
 */
import { afterEach } from "vitest";
import { useUpstreamFetch } from "../../../src/linked-data/upstream";

export class FakeUpstream {
	readonly requests: { url: string; headers: Headers; redirect: string | undefined }[] = [];
	private readonly routes = new Map<string, () => Response>();
	private gate: { remaining: number; waiting: number; released: boolean } | null = null;

	serve(url: string, answer: () => Response): void {
		this.routes.set(url, answer);
	}

	/** A CSV with a strong ETag of its content, answering 304 to a matching If-None-Match. */
	csv(url: string, body: () => string): void {
		this.routes.set(url, () => new Response(body(), { headers: { "Content-Type": "text/csv", ETag: `"${hashish(body())}"` } }));
	}

	/**
	 * Holds the next `count` requests until `release` is called: `reached` resolves once that many
	 * are waiting (a slow source, without a timer). Both sides poll a shared flag rather than
	 * resolve each other's promises: workerd does not carry a promise's resolution from one
	 * request's context into another's (the test's and the Worker's).
	 */
	hold(count = 1): { reached: Promise<void>; release: () => void } {
		const gate = { remaining: count, waiting: 0, released: false };
		this.gate = gate;
		return {
			reached: until(() => gate.waiting >= count),
			release: () => {
				gate.released = true;
			},
		};
	}

	readonly fetch = async (url: string, init: RequestInit): Promise<Response> => {
		const headers = new Headers(init.headers);
		this.requests.push({ url, headers, redirect: init.redirect });
		const gate = this.gate;
		if (gate) {
			if (--gate.remaining === 0) this.gate = null;
			gate.waiting++;
			await until(() => gate.released);
		}
		const answer = this.routes.get(url);
		if (!answer) throw new TypeError(`connect ECONNREFUSED (${url})`);
		const response = answer();
		const etag = response.headers.get("etag");
		if (etag && headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
		return response;
	};
}

async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

export function hashish(text: string): string {
	let h = 0;
	for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
	return (h >>> 0).toString(16);
}

/** Puts a fresh fake web in place of the outbound fetch; the platform's comes back after each test. */
export function fakeWeb(): FakeUpstream {
	const upstream = new FakeUpstream();
	useUpstreamFetch(upstream.fetch);
	return upstream;
}

afterEach(() => useUpstreamFetch(null));
