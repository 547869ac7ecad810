/**
 * The one outbound `fetch` linked data uses. Tests replace it with a fake upstream
 * (`useUpstreamFetch`), since the Workers test pool in use offers no fetch mock; everything
 * else (URL checks per hop, size cap, timeout) runs as in production.
 */
export type UpstreamFetch = (url: string, init: RequestInit) => Promise<Response>;

const platformFetch: UpstreamFetch = (url, init) => fetch(url, init);
let current: UpstreamFetch = platformFetch;

export function upstreamFetch(): UpstreamFetch {
	return current;
}

/** Replaces the outbound fetch (tests); null puts the platform's back. */
export function useUpstreamFetch(replacement: UpstreamFetch | null): void {
	current = replacement ?? platformFetch;
}
