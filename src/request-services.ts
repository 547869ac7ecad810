/**
 * The per-request bundle of services the API's handlers use: what both hosts share
 * (`host-services.ts`: bindings, limiters, config) and the database through drizzle. Built from
 * the bindings for each request. It sits below every layer that takes one (http, auth,
 * services, embed), so none of them imports another for the type.
 */
import type { Database } from "./db/client";
import { openDatabase } from "./db/client";
import type { HostServices } from "./host-services";
import { buildHostServices } from "./host-services";

export interface Services extends HostServices {
	db: Database;
}

/**
 * `d1` is what every query goes through, drizzle's and the raw statements' alike: the API's
 * requests pass their D1 session (src/lazy-api.ts, src/http/d1-session.ts); background work
 * (the Cron run, the queue consumers) the binding itself, which always reads the primary.
 */
export function buildServices(env: Env, ctx: ExecutionContext, d1: D1Database = env.DB): Services {
	return { ...buildHostServices(env, ctx), d1, db: openDatabase(d1) };
}
