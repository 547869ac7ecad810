/** The one HTTP client every suite times both servers with: a request, its whole body read. */

export interface Timed {
	ms: number;
	status: number;
	headers: Headers;
	body: ArrayBuffer;
}

export async function timedFetch(url: string, init: RequestInit = {}): Promise<Timed> {
	const started = performance.now();
	const res = await fetch(url, init);
	const body = await res.arrayBuffer();
	return { ms: performance.now() - started, status: res.status, headers: res.headers, body };
}

/** Like `timedFetch`, but anything other than 2xx (or 304) fails the run with the answer. */
export async function timedOk(url: string, init: RequestInit = {}): Promise<Timed> {
	const timed = await timedFetch(url, init);
	if (timed.status >= 400)
		throw new Error(`${init.method ?? "GET"} ${url} answered ${timed.status}: ${new TextDecoder().decode(timed.body).slice(0, 300)}`);
	return timed;
}
