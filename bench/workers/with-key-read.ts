/**
 * The Worker as deployed, plus one bench-only route: `GET /bench/key-read` reads the request's API
 * key from D1, the one read every keyed request makes on every request (so that a revoked key is
 * refused at once), and answers 204. Beside `GET /v1/health` (no I/O at all) it is the floor of
 * `GET /v1/charts/{id}`'s fixed cost: that GET cannot answer before its key is read. It skips
 * the router, so it is if anything a little cheaper than any real route. Bench only; never deployed.
 */
import { openDatabase } from "../../src/db/client";
import { findKeyByHash } from "../../src/db/keys";
import { sha256Hex } from "../../src/domain/ids";
import worker from "../../src/index";
import { keyReadPath } from "./key-read-path";

export { AccountLimiter, ExportGate } from "../../src/index";

export default {
	async fetch(request, env, ctx): Promise<Response> {
		if (new URL(request.url).pathname !== keyReadPath) return worker.fetch(request, env, ctx);
		const key = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
		const record = await findKeyByHash(openDatabase(env.DB), await sha256Hex(key));
		return new Response(null, { status: record && record.revokedAt === null ? 204 : 401 });
	},
} satisfies ExportedHandler<Env>;
