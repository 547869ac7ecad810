/**
 * The API (its routes, their zod schemas, drizzle's tables), loaded by the first request that
 * needs it rather than when the isolate starts. Most cold isolates answer a reader of
 * a published chart (the embed host) or a console file, and neither needs any of it; the first
 * API request of an isolate evaluates it once, in the request's time. The request's services
 * (drizzle among them) load with it, so the startup path never reaches them.
 *
 * Each request runs in one D1 session, its answer carrying the session's bookmark
 * (src/http/d1-session.ts).
 */
import type { HostHandler } from "./http/dispatch";
import { lazily } from "./lazy-module";

const loadApi = lazily(async () => {
	const [app, services, client, sessions] = await Promise.all([
		import("./api-app"),
		import("./request-services"),
		import("./db/client"),
		import("./http/d1-session"),
	]);
	return {
		api: app.api,
		buildServices: services.buildServices,
		sessionDatabase: client.sessionDatabase,
		answerInSession: sessions.answerInSession,
	};
});

export function lazyApi(): HostHandler {
	return async (request, env, ctx, requestId) => {
		const { api, buildServices, sessionDatabase, answerInSession } = await loadApi();
		return answerInSession(env.DB, request, (session) => api(request, buildServices(env, ctx, sessionDatabase(session)), requestId));
	};
}
