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

export function buildServices(env: Env, ctx: ExecutionContext): Services {
	return { db: openDatabase(env.DB), ...buildHostServices(env, ctx) };
}
