/**
 * The per-request bundle of services handlers use: the database, the blob store, the limiters
 * and the config. Built from the bindings for each request; `env` itself is never mutated or
 * passed around. It sits below every layer that takes one (http, auth, services, embed), so
 * none of them imports another for the type.
 */
import type { Database } from "./db/client";
import { openDatabase } from "./db/client";
import type { Config } from "./env";
import { readConfig } from "./env";
import type { ExportSlots, RequestLimiter } from "./limits/client";
import { durableExportSlots, durableRequestLimiter } from "./limits/client";

export interface Services {
	db: Database;
	/** The raw D1 binding, for the few statements drizzle cannot express (recursive CTEs). */
	d1: D1Database;
	blobs: R2Bucket;
	/** The `[assets]` directory: the console, and the embed host's clients and fonts (src/embed/static-assets.ts). */
	assets: Fetcher;
	limiter: RequestLimiter;
	exportSlots: ExportSlots;
	config: Config;
	waitUntil: (promise: Promise<unknown>) => void;
}

export function buildServices(env: Env, ctx: ExecutionContext): Services {
	return {
		db: openDatabase(env.DB),
		d1: env.DB,
		blobs: env.BLOBS,
		assets: env.ASSETS,
		limiter: durableRequestLimiter(env.ACCOUNT_LIMITER),
		exportSlots: durableExportSlots(env.EXPORT_GATE),
		config: readConfig(env),
		waitUntil: (promise) => ctx.waitUntil(promise),
	};
}
