import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function openDatabase(d1: D1Database) {
	return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof openDatabase>;

/**
 * A D1 session as the `D1Database` that drizzle and `src/db/`'s statements take: both only
 * `prepare` and `batch`, which a session has, so every query of a request goes through it
 * (src/http/d1-session.ts). What a session cannot do throws, rather than escaping the session
 * to the primary unseen.
 */
export function sessionDatabase(session: D1DatabaseSession): D1Database {
	const outsideSession = (what: string): never => {
		throw new Error(`${what} is not available inside a D1 session; use prepare() and batch().`);
	};
	return {
		prepare: (query) => session.prepare(query),
		batch: <T = unknown>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
		exec: () => outsideSession("exec()"),
		withSession: () => outsideSession("withSession()"),
		dump: () => outsideSession("dump()"),
	};
}
