/**
 * What goes into the activity log (docs/teams.md). Chart and key actions are recorded in ONE
 * place: the pipeline hands every successful answer here, and the table below says which routes
 * are an action and what they acted on, so the route files need no change and the MCP tools,
 * which call the routes, are recorded too. Team actions (invitations, members), assistants
 * connected and disconnected (src/oauth/connection-activity.ts) and sign-ins from a new browser are
 * recorded where they happen.
 */
import type { ActivityEntry, ActivityTargetType } from "../db/activity";
import { chartIsLinked, insertActivity, keyName } from "../db/activity";
import type { Caller } from "../domain/caller";
import type { Services } from "../request-services";

export const activityActions = [
	"chart.created",
	"chart.published",
	"chart.unpublished",
	"chart.deleted",
	"chart.restored",
	"chart.data_linked",
	"member.invited",
	"member.joined",
	"member.removed",
	"member.left",
	"member.role_changed",
	"key.created",
	"key.revoked",
	"assistant.connected",
	"assistant.disconnected",
	"sign_in.new_device",
] as const;
export type ActivityAction = (typeof activityActions)[number];

interface RouteAction {
	action: ActivityAction;
	type: ActivityTargetType;
	/** Where the target's id is: a path parameter, or the answer's `id` (a chart just made). */
	idFrom: "param" | "answer";
	/** Recorded only when this holds after the answer (a PUT of data that linked the chart). */
	when?: (d1: D1Database, id: string) => Promise<boolean>;
}

/** Route (method and path, as declared) → the action it is. */
const routeActions: Record<string, RouteAction> = {
	"POST /v1/charts": { action: "chart.created", type: "chart", idFrom: "answer" },
	"POST /v1/charts/:id/copy": { action: "chart.created", type: "chart", idFrom: "answer" },
	"DELETE /v1/charts/:id": { action: "chart.deleted", type: "chart", idFrom: "param" },
	"POST /v1/charts/:id/publish": { action: "chart.published", type: "chart", idFrom: "param" },
	"DELETE /v1/charts/:id/publish": { action: "chart.unpublished", type: "chart", idFrom: "param" },
	"POST /v1/charts/:id/versions/:n/restore": { action: "chart.restored", type: "chart", idFrom: "param" },
	"PUT /v1/charts/:id/data": { action: "chart.data_linked", type: "chart", idFrom: "param", when: chartIsLinked },
	"POST /console/api/keys": { action: "key.created", type: "key", idFrom: "answer" },
	"DELETE /console/api/keys/:id": { action: "key.revoked", type: "key", idFrom: "param" },
};

export function routeAction(method: string, path: string): RouteAction | undefined {
	return routeActions[`${method} ${path}`];
}

export function recordActivity(services: Services, entry: ActivityEntry): Promise<void> {
	return insertActivity(services.d1, entry);
}

/**
 * After a 2xx answer of a route that is an action: one entry, written after the answer (with
 * `waitUntil`). A failure is logged, never answered: the action itself succeeded.
 */
export function recordRouteActivity(
	services: Services,
	route: { method: string; path: string },
	params: Record<string, string>,
	caller: Caller,
	response: Response,
	now: number,
): void {
	const entry = routeAction(route.method, route.path);
	// A replayed answer (Idempotency-Key) repeats an action already recorded.
	if (!entry || !response.ok || response.headers.has("Idempotent-Replayed")) return;
	// The answer is read from a copy, and only where the target's id is in it.
	const answer = entry.idFrom === "answer" ? response.clone() : null;
	services.waitUntil(
		(async () => {
			const answered = answer ? await idInAnswer(answer) : { id: params.id ?? null, name: null };
			const id = answered.id;
			if (id === null) return;
			if (entry.when && !(await entry.when(services.d1, id))) return;
			const name = answered.name ?? (entry.type === "key" ? await keyName(services.d1, id) : null);
			await recordActivity(services, {
				workspaceId: caller.workspaceId,
				at: now,
				actorAccountId: caller.accountId,
				actorEmail: caller.credential === "session" ? caller.email : undefined,
				action: entry.action,
				target: { type: entry.type, id, name },
			});
		})().catch((error) => console.error(`recording ${entry.action} failed`, error)),
	);
}

async function idInAnswer(response: Response): Promise<{ id: string | null; name: string | null }> {
	const body = (await response.json()) as { id?: unknown; name?: unknown };
	return { id: typeof body.id === "string" ? body.id : null, name: typeof body.name === "string" ? body.name : null };
}
