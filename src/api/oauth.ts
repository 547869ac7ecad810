/**
 * The console's side of signing an assistant in (docs/mcp.md, "Signing in"): the consent screen
 * reads a pending authorization and allows or denies it; the Keys page lists the member's
 * connected assistants and disconnects one, which ends its tokens at once.
 *
 * Every member may connect an assistant for themselves, within their role, as they may make
 * their own keys. The console-only rule for writes (src/domain/roles.ts) asks an editor, so the
 * three writes here are declared with `chart:read`, which every role holds, and refuse anything
 * but a session themselves: a key can never answer a consent or disconnect an assistant.
 */
import { z } from "zod";
import { ApiError } from "../api-error";
import { listAccountGrants, revokeAccountGrant } from "../db/oauth";
import type { Caller, SessionCaller } from "../domain/caller";
import { Scope } from "../domain/plans";
import { requirePlan, requireSession } from "../http/auth";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { recordConnectionActivity } from "../oauth/connection-activity";
import { approve, consentView, deny } from "../oauth/consent";
import { redirectHost } from "../oauth/redirect-uris";

const iso = (ms: number) => new Date(ms).toISOString();
const noStore = { "Cache-Control": "no-store" };

/** The pipeline has refused keys already (`access: "session"`); this narrows the type. */
function sessionOnly(caller: Caller): SessionCaller {
	requireSession(caller);
	return caller;
}

const ConsentScope = z.object({ scope: Scope, label: z.string(), granted: z.boolean() });
const ConsentRequest = z.object({
	request: z.object({
		id: z.string(),
		client: z.object({ id: z.string(), name: z.string() }),
		redirectHost: z.string(),
		scopes: z.array(ConsentScope),
		workspace: z.object({ id: z.string(), name: z.string() }),
		role: z.string(),
		expiresAt: z.string(),
	}),
});
const ApproveBody = z.object({
	scopes: z.array(Scope).min(1, "allow at least one scope, or deny the request").max(Scope.options.length),
});
const RedirectTo = z.object({ redirectTo: z.string() });
const ConnectionList = z.object({
	connections: z.array(
		z.object({
			id: z.string(),
			clientName: z.string(),
			redirectHost: z.string(),
			scopes: z.array(Scope),
			createdAt: z.string(),
			lastUsedAt: z.string().nullable(),
		}),
	),
});

const readRequestRoute = defineRoute({
	method: "GET",
	path: "/console/api/oauth/requests/:requestId",
	tag: "Keys",
	summary: "Read a pending assistant sign-in for the consent screen",
	description: "404 when it was answered already or expired (10 minutes). `granted` says whether the person's role allows each scope.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The request", schema: ConsentRequest } },
	errors: ["not_found"],
	async handler({ caller, services, params, now }) {
		return json({ request: await consentView(services, caller, params.requestId ?? "", now) }, 200, noStore);
	},
});

const approveRoute = defineRoute({
	method: "POST",
	path: "/console/api/oauth/requests/:requestId/approve",
	tag: "Keys",
	summary: "Allow a pending assistant sign-in",
	description:
		"Scopes are some of those asked, within the person's role (403 beyond it); the account needs API access (403 plan_required). The answer is where to send the browser.",
	access: "session",
	body: { type: "json", schema: ApproveBody },
	responses: { 200: { description: "The client's redirect URI with the code", schema: RedirectTo } },
	errors: ["not_found", "session_required", "forbidden", "plan_required"],
	async handler({ caller, services, params, body, url, now }) {
		// An assistant's token is refused on /mcp without API access: say so here, not after the person allowed it.
		requirePlan(caller);
		const redirectTo = await approve(services, sessionOnly(caller), params.requestId ?? "", body.scopes, url.origin, now);
		return json({ redirectTo }, 200, noStore);
	},
});

const denyRoute = defineRoute({
	method: "POST",
	path: "/console/api/oauth/requests/:requestId/deny",
	tag: "Keys",
	summary: "Deny a pending assistant sign-in",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The client's redirect URI with access_denied", schema: RedirectTo } },
	errors: ["not_found", "session_required"],
	async handler({ caller, services, params, url, now }) {
		sessionOnly(caller);
		return json({ redirectTo: await deny(services, params.requestId ?? "", url.origin, now) }, 200, noStore);
	},
});

const listConnectionsRoute = defineRoute({
	method: "GET",
	path: "/console/api/oauth/connections",
	tag: "Keys",
	summary: "List the assistants the signed-in member connected",
	description: "Connections still working in this workspace, oldest first.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The connections", schema: ConnectionList } },
	errors: [],
	async handler({ caller, services }) {
		const grants = await listAccountGrants(services.db, caller.accountId, caller.workspaceId);
		return json(
			{
				connections: grants.map((grant) => ({
					id: grant.id,
					clientName: grant.clientName,
					redirectHost: redirectHost(grant.redirectUri),
					scopes: grant.scopes,
					createdAt: iso(grant.createdAt),
					lastUsedAt: grant.lastUsedAt === null ? null : iso(grant.lastUsedAt),
				})),
			},
			200,
			noStore,
		);
	},
});

const disconnectRoute = defineRoute({
	method: "DELETE",
	path: "/console/api/oauth/connections/:connectionId",
	tag: "Keys",
	summary: "Disconnect an assistant",
	description: "Its access and refresh tokens stop working at once. Another member's connection, or one already disconnected, is 404.",
	access: "session",
	body: { type: "none" },
	responses: { 204: { description: "Disconnected" } },
	errors: ["not_found", "session_required"],
	async handler({ caller, services, params, now }) {
		const session = sessionOnly(caller);
		const connectionId = params.connectionId ?? "";
		if (!(await revokeAccountGrant(services.db, session.accountId, connectionId, now))) {
			throw new ApiError(
				"not_found",
				`You have no connected assistant ${connectionId}. List them with GET /console/api/oauth/connections.`,
			);
		}
		recordConnectionActivity(
			services,
			{
				action: "assistant.disconnected",
				workspaceId: session.workspaceId,
				actor: { accountId: session.accountId, email: session.email },
				grantId: connectionId,
			},
			now,
		);
		return new Response(null, { status: 204 });
	},
});

export const oauthConsoleRoutes = [readRequestRoute, approveRoute, denyRoute, listConnectionsRoute, disconnectRoute];
