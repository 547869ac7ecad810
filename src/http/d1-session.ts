/**
 * D1 read replication for the API (docs/api.md, "Reading your own writes"): each request runs
 * in one D1 session, so its reads may be answered by a replica near the Worker while staying
 * consistent with one another and with the request's own writes. Which session a request opens:
 *
 * - a GET or HEAD starts at the client's `X-D1-Bookmark` when it sent one of the bookmark's
 *   shape, else anywhere ("first-unconstrained"): a read without a bookmark may see the database
 *   as it was a moment ago, one with the bookmark of the client's last answer sees at least that;
 * - every other method starts on the primary ("first-primary"): a write reads what it is
 *   conditional on (a version, a revoked key) where it will write, and D1 sends every write to
 *   the primary whatever the session.
 *
 * The answer carries the session's bookmark once the handler has queried (after its last
 * query): sent back on the next read, it makes that read see everything this one saw or wrote.
 * A read refused with 401 is asked again on the primary (`answerInSession`), which has every key
 * and sign-in.
 * A header that is not of a bookmark's shape is ignored rather than refused: it only ever
 * narrows where a read may go, and passing it on would make D1 fail the request instead.
 */

export const bookmarkHeader = "X-D1-Bookmark";

/** D1's bookmarks: four dash-separated hex fields (e.g. `00000000-00000010-00000000-` and 32 hex digits). */
export const bookmarkPattern = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

const readMethods = new Set(["GET", "HEAD"]);

/** Where a request's session starts: the client's bookmark or anywhere for a read, the primary for anything else. */
export function sessionStart(request: Request): D1SessionBookmark | D1SessionConstraint {
	if (!readMethods.has(request.method)) return "first-primary";
	return clientBookmark(request) ?? "first-unconstrained";
}

/** The request's `X-D1-Bookmark` if it has a bookmark's shape, else null. */
export function clientBookmark(request: Request): D1SessionBookmark | null {
	const value = request.headers.get(bookmarkHeader)?.trim();
	return value !== undefined && bookmarkPattern.test(value) ? value : null;
}

/**
 * Answers `request` through `answer` in its D1 session, and adds the session's bookmark. A read
 * refused as unauthenticated after querying is answered again on the primary: a replica may not
 * have a key or a sign-in made a moment ago, and without this a client's first read after making
 * one could be refused. Nothing ran before the refusal, so the second answer is the only one.
 */
export async function answerInSession(
	d1: D1Database,
	request: Request,
	answer: (session: D1DatabaseSession) => Promise<Response>,
): Promise<Response> {
	const start = sessionStart(request);
	const session = d1.withSession(start);
	const response = await answer(session);
	if (start === "first-primary" || response.status !== 401 || session.getBookmark() === null) return withBookmark(response, session);
	await response.body?.cancel();
	const primary = d1.withSession("first-primary");
	return withBookmark(await answer(primary), primary);
}

/** `response` with the session's bookmark, if the request queried the database at all. */
export function withBookmark(response: Response, session: D1DatabaseSession): Response {
	const bookmark = session.getBookmark();
	if (bookmark === null) return response;
	const copy = new Response(response.body, response);
	copy.headers.set(bookmarkHeader, bookmark);
	return copy;
}
