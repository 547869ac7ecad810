/**
 * Reads a linked source once: a conditional GET (ETag / Last-Modified) that follows at
 * most `maxRedirects` redirects, checking every hop's URL, gives up after `readTimeoutMs`, and
 * stops reading past the CSV upload limit. Failures are `SourceReadError`s whose message says, in
 * our words, what went wrong with the source: it is shown to the chart's owner as `lastError`
 * (and to an assistant), so nothing the source chose is repeated but a quoted host name.
 */

import { maxCsvBytes } from "../domain/body-limits";
import { quotedExcerpt } from "../domain/source-excerpt";
import { upstreamFetch } from "./upstream";
import { unsafeUrlReason } from "./url-safety";

export const maxRedirects = 3;
export const readTimeoutMs = 10_000;
/** How the service introduces itself to the sites it reads. */
export const userAgent = "charts-service-linked-data/1.0 (+reads data for a published chart; see the service's README, Live data)";

export class SourceReadError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "SourceReadError";
	}
}

export interface Validators {
	etag: string | null;
	lastModified: string | null;
}

export type SourceRead =
	| { changed: false }
	| { changed: true; text: string; contentType: string | null; etag: string | null; lastModified: string | null };

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export async function readSource(url: string, validators: Validators, allowPrivate: boolean): Promise<SourceRead> {
	const fetchUpstream = upstreamFetch();
	const signal = AbortSignal.timeout(readTimeoutMs);
	let target = url;
	for (let hop = 0; ; hop++) {
		const refused = unsafeUrlReason(target, allowPrivate);
		if (refused) throw new SourceReadError(hop === 0 ? refused : refusedRedirect(target));
		const headers: Record<string, string> = {
			"User-Agent": userAgent,
			Accept: "text/csv, application/json;q=0.9, text/plain;q=0.8, */*;q=0.1",
		};
		if (validators.etag) headers["If-None-Match"] = validators.etag;
		if (validators.lastModified) headers["If-Modified-Since"] = validators.lastModified;
		let response: Response;
		try {
			response = await fetchUpstream(target, { method: "GET", headers, redirect: "manual", signal });
		} catch (error) {
			if (signal.aborted) throw new SourceReadError(`The source did not answer within ${readTimeoutMs / 1000} seconds.`);
			console.log(`linked data: ${target} could not be reached`, error);
			throw new SourceReadError("The source could not be reached (no connection, or its name did not resolve).");
		}
		if (redirectStatuses.has(response.status)) {
			await response.body?.cancel();
			const location = response.headers.get("location");
			if (!location) throw new SourceReadError(`The source answered HTTP ${response.status} without saying where to go.`);
			if (hop >= maxRedirects) throw new SourceReadError(`The source redirected more than ${maxRedirects} times.`);
			target = new URL(location, target).href;
			continue;
		}
		if (response.status === 304) {
			await response.body?.cancel();
			return { changed: false };
		}
		if (!response.ok) {
			await response.body?.cancel();
			throw new SourceReadError(refusedStatus(response.status));
		}
		const text = await readCapped(response, signal);
		return {
			changed: true,
			text,
			contentType: response.headers.get("content-type"),
			etag: response.headers.get("etag"),
			lastModified: response.headers.get("last-modified"),
		};
	}
}

/** What an HTTP status means for a linked source, in our words: the source's own reason phrase is never repeated. */
function refusedStatus(status: number): string {
	const meaning: Record<number, string> = {
		401: "it asks for a sign-in; link a public address",
		403: "it refuses to be read; link a public address",
		404: "there is no file at this address; check the URL",
		410: "the file was removed; check the URL",
		429: "it is limiting how often it is read; it will be tried again later",
	};
	const words = meaning[status] ?? (status >= 500 ? "the site had an error; it will be tried again" : "the request was refused");
	return `The source answered HTTP ${status}: ${words}.`;
}

/** A redirect to an address we do not read, named by its host only. */
function refusedRedirect(target: string): string {
	let host = target;
	try {
		host = new URL(target).host;
	} catch {}
	return `The source redirected to ${quotedExcerpt(host, 60)}, which is not read: only public http(s) addresses are.`;
}

/** The body as UTF-8 text, read as a stream and abandoned as soon as it passes the CSV limit. */
async function readCapped(response: Response, signal: AbortSignal): Promise<string> {
	const tooLarge = () => new SourceReadError(`The source is larger than ${maxCsvBytes / (1024 * 1024)} MiB, the limit for a chart's data.`);
	if (Number(response.headers.get("content-length") ?? "0") > maxCsvBytes) {
		await response.body?.cancel();
		throw tooLarge();
	}
	const chunks: Uint8Array[] = [];
	let total = 0;
	if (response.body) {
		const reader = response.body.getReader();
		try {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) break;
				total += value.byteLength;
				if (total > maxCsvBytes) {
					await reader.cancel();
					throw tooLarge();
				}
				chunks.push(value);
			}
		} catch (error) {
			if (error instanceof SourceReadError) throw error;
			if (signal.aborted) throw new SourceReadError(`The source did not finish sending within ${readTimeoutMs / 1000} seconds.`);
			console.log("linked data: reading a source's body failed", error);
			throw new SourceReadError("Reading the source failed: the connection broke off before the whole file arrived.");
		}
	}
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	try {
		return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
	} catch {
		throw new SourceReadError("The source is not UTF-8 text; save the file as CSV (UTF-8) or JSON.");
	}
}
