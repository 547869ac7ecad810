/**
 * What both hosts' handlers use, built from the bindings for each request: the raw database and
 * blob bindings, the static assets, the limiters and the config. No database client: drizzle is
 * opened by `request-services.ts` for the API, so a request that never queries through it (an
 * embed page, a console file) never loads it. `env` itself is never mutated or passed
 * around.
 */
import type { Config } from "./env";
import { readConfig } from "./env";
import type { ExportSlots, RequestLimiter } from "./limits/client";
import { durableExportSlots, durableRequestLimiter } from "./limits/client";

export interface HostServices {
	/**
	 * The D1 binding (or, for an API request, its D1 session). Every statement lives in `src/db/`:
	 * drizzle's queries where it expresses them, raw statements where it does not (recursive CTEs,
	 * full-text search, conditional writes that count `changes`, batches mixing both), and the
	 * embed host's one backfill read (src/db/published-pointers.ts), which must not load drizzle.
	 */
	d1: D1Database;
	blobs: R2Bucket;
	/** The `[assets]` directory: the console, and the embed host's clients and fonts (src/embed/static-assets.ts). */
	assets: Fetcher;
	limiter: RequestLimiter;
	exportSlots: ExportSlots;
	config: Config;
	waitUntil: (promise: Promise<unknown>) => void;
}

export function buildHostServices(env: Env, ctx: ExecutionContext): HostServices {
	return {
		d1: env.DB,
		blobs: env.BLOBS,
		assets: env.ASSETS,
		limiter: durableRequestLimiter(env.ACCOUNT_LIMITER),
		exportSlots: durableExportSlots(env.EXPORT_GATE),
		config: readConfig(env),
		waitUntil: (promise) => ctx.waitUntil(promise),
	};
}
