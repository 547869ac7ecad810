/**
 * What the embed host serves for a chart, kept in R2 beside its snapshots so an embed view reads
 * no database (docs/scale.md): `embeds/<chart>/published.json` names the published version (or
 * none) and the uploaded fonts its page names. The chart row in D1 stays the truth; this is its
 * copy for readers, written after every publish and unpublish (src/services/publish.ts).
 *
 * Two writers can race (a person publishes while the schedule redraws): each pointer carries the
 * chart row version it was written for, and a write replaces the stored one only when its row
 * version is later, with R2's conditional put on the ETag it read. A late writer of an earlier
 * version therefore never points readers back at it.
 *
 * Readers go through the Cache API first (`pointerTtlSeconds`): one R2 read per chart and edge
 * location at most every few seconds. The publishing location's entry is purged at once, so a
 * republish or an unpublish shows there at once and everywhere else within the TTL. A reader whose
 * R2 read overlapped the write may still cache what it read after the purge (the Cache API has no
 * conditional put): that location then shows the change within the TTL too, the bound for all.
 */

/** How long an edge location may show a pointer it read: the bound on a publish showing everywhere. */
export const pointerTtlSeconds = 5;

/** An uploaded font a published page names, as the embed host needs it to serve `/_fonts/{id}.{format}`. */
export interface PublishedFont {
	id: string;
	format: "ttf" | "otf";
	r2Key: string;
}

export interface PublishedPointer {
	/** The chart row's version when this was written: a later one always wins. */
	chartVersion: number;
	/** The snapshot version readers see, or null when the chart is not published. */
	publishedVersion: number | null;
	fonts: PublishedFont[];
}

export function pointerKey(chartId: string): string {
	return `embeds/${chartId}/published.json`;
}

/**
 * A marker per uploaded font and chart whose published page names it: the embed host serves a
 * font while at least one marker is there, without asking D1 (`src/embed/serve-fonts.ts`).
 */
export function fontMarkerPrefix(fontId: string): string {
	return `embed-fonts/${fontId}/`;
}

function fontMarkerKey(fontId: string, chartId: string): string {
	return `${fontMarkerPrefix(fontId)}${chartId}`;
}

/** The Cache API's key for a chart's pointer; the host is never fetched, it only names the entry. */
function pointerCacheKey(chartId: string): string {
	return `https://embed-cache.internal/${chartId}/published.json`;
}

function isFont(value: unknown): value is PublishedFont {
	if (typeof value !== "object" || value === null) return false;
	const font = value as Record<string, unknown>;
	return typeof font.id === "string" && (font.format === "ttf" || font.format === "otf") && typeof font.r2Key === "string";
}

/** The pointer in `text`, or null when it is not one (checked by hand: the embed host loads no zod). */
export function parsePointer(text: string): PublishedPointer | null {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return null;
	}
	if (typeof value !== "object" || value === null) return null;
	const { chartVersion, publishedVersion, fonts } = value as Record<string, unknown>;
	if (!Number.isSafeInteger(chartVersion)) return null;
	if (publishedVersion !== null && !Number.isSafeInteger(publishedVersion)) return null;
	if (!Array.isArray(fonts) || !fonts.every(isFont)) return null;
	return { chartVersion: chartVersion as number, publishedVersion: publishedVersion as number | null, fonts };
}

interface StoredPointer {
	pointer: PublishedPointer;
	etag: string;
}

async function readStoredPointer(blobs: R2Bucket, chartId: string): Promise<StoredPointer | null> {
	const object = await blobs.get(pointerKey(chartId));
	if (!object) return null;
	const pointer = parsePointer(await object.text());
	// A pointer that does not parse is replaced by the next write, as if there were none.
	return pointer ? { pointer, etag: object.etag } : { pointer: { chartVersion: -1, publishedVersion: null, fonts: [] }, etag: object.etag };
}

function edgeCache(): Cache | null {
	return typeof caches === "undefined" ? null : caches.default;
}

/**
 * The chart's pointer as readers see it: from the edge cache, else from R2 (then cached for
 * `pointerTtlSeconds`). Null when R2 holds none (a chart published before pointers, or no chart).
 */
export async function readPointer(
	blobs: R2Bucket,
	chartId: string,
	waitUntil: (promise: Promise<unknown>) => void,
): Promise<PublishedPointer | null> {
	const cache = edgeCache();
	const cached = await cache?.match(pointerCacheKey(chartId));
	if (cached) {
		const pointer = parsePointer(await cached.text());
		if (pointer) return pointer;
	}
	const stored = await readStoredPointer(blobs, chartId);
	if (stored) waitUntil(cachePointerHere(chartId, stored.pointer));
	return stored?.pointer ?? null;
}

/** Keeps `pointer` in this location's cache for `pointerTtlSeconds`. */
export async function cachePointerHere(chartId: string, pointer: PublishedPointer): Promise<void> {
	await edgeCache()?.put(
		pointerCacheKey(chartId),
		new Response(JSON.stringify(pointer), {
			headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${pointerTtlSeconds}` },
		}),
	);
}

/** How many times a write re-reads after another writer's put landed between its read and its own. */
const maxWriteAttempts = 5;

/**
 * Stores `next` unless R2 already holds a pointer written for the same or a later chart version,
 * then brings the font markers in line and purges this location's cached pointer. Answers whether
 * `next` was stored.
 */
export async function writePointer(blobs: R2Bucket, chartId: string, next: PublishedPointer): Promise<boolean> {
	for (let attempt = 0; attempt < maxWriteAttempts; attempt++) {
		const stored = await readStoredPointer(blobs, chartId);
		if (stored && stored.pointer.chartVersion >= next.chartVersion) return false;
		const put = await blobs.put(pointerKey(chartId), JSON.stringify(next), {
			httpMetadata: { contentType: "application/json" },
			// Only over the pointer just read, or only where there is none: a put that lost a race is refused.
			onlyIf: stored ? { etagMatches: stored.etag } : { etagDoesNotMatch: "*" },
		});
		if (!put) continue;
		await syncFontMarkers(blobs, chartId, stored?.pointer.fonts ?? [], next);
		await edgeCache()?.delete(pointerCacheKey(chartId));
		return true;
	}
	throw new Error(`the published pointer of ${chartId} kept changing under ${maxWriteAttempts} writes`);
}

/**
 * Markers for the fonts `next` names, none for those only the replaced pointer named. A writer
 * that was overtaken meanwhile may leave a marker a newer pointer does not name: it re-reads and
 * takes back what it added, so a font is public no longer than a page names it (give or take
 * that re-read).
 */
async function syncFontMarkers(blobs: R2Bucket, chartId: string, before: PublishedFont[], next: PublishedPointer): Promise<void> {
	const named = new Set(next.fonts.map((font) => font.id));
	await Promise.all([
		...next.fonts.map((font) =>
			blobs.put(fontMarkerKey(font.id, chartId), "", { customMetadata: { format: font.format, r2Key: font.r2Key } }),
		),
		...before.filter((font) => !named.has(font.id)).map((font) => blobs.delete(fontMarkerKey(font.id, chartId))),
	]);
	if (next.fonts.length === 0) return;
	const now = await readStoredPointer(blobs, chartId);
	const stillNamed = new Set(now?.pointer.fonts.map((font) => font.id));
	const stale = next.fonts.filter((font) => !stillNamed.has(font.id));
	if (stale.length > 0) await blobs.delete(stale.map((font) => fontMarkerKey(font.id, chartId)));
}

/** Removes the markers of a deleted chart's fonts (its pointer goes with its snapshots). */
export async function deleteFontMarkers(blobs: R2Bucket, chartId: string): Promise<void> {
	const stored = await readStoredPointer(blobs, chartId);
	if (stored && stored.pointer.fonts.length > 0) {
		await blobs.delete(stored.pointer.fonts.map((font) => fontMarkerKey(font.id, chartId)));
	}
	await edgeCache()?.delete(pointerCacheKey(chartId));
}

/** The uploaded font `fontId` as some published page names it, or null when none does. */
export async function findMarkedFont(blobs: R2Bucket, fontId: string): Promise<Omit<PublishedFont, "id"> | null> {
	const listed = await blobs.list({ prefix: fontMarkerPrefix(fontId), limit: 1, include: ["customMetadata"] });
	const metadata = listed.objects[0]?.customMetadata;
	if (!metadata || (metadata.format !== "ttf" && metadata.format !== "otf") || !metadata.r2Key) return null;
	return { format: metadata.format, r2Key: metadata.r2Key };
}
