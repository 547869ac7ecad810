/**
 * `POST /oauth/revoke` (RFC 7009): a client lets go of a token. Revoking a refresh token ends its
 * whole grant (RFC 7009 §2.1 suggests it: the access tokens came from the same consent); an
 * access token ends alone (the activity log records the first as the member disconnecting). The answer is 200 whether or not the token was known, so the endpoint
 * tells a stranger nothing; a token of another client is left as it is.
 */
import { deleteToken, findToken, revokeGrant } from "../db/oauth";
import { sha256Hex } from "../domain/ids";
import { defineRoute } from "../http/route";
import { recordConnectionActivity } from "./connection-activity";
import { readForm, required } from "./form";
import { answeringOAuthErrors, noStore } from "./oauth-error";

export const revokeRoute = defineRoute({
	method: "POST",
	path: "/oauth/revoke",
	tag: "Session",
	summary: "Revoke an access or refresh token (RFC 7009)",
	access: "public",
	body: { type: "none" },
	responses: { 200: { description: "Revoked, or not known" } },
	errors: [],
	handler: ({ request, services, now }) =>
		answeringOAuthErrors(async () => {
			const form = await readForm(request);
			const presented = required(form, "token");
			const clientId = required(form, "client_id");
			const token = await findToken(services.db, await sha256Hex(presented));
			if (token !== null && token.grant.clientId === clientId) {
				if (token.kind === "refresh" && (await revokeGrant(services.db, token.grant.id, now))) {
					// The assistant let go on the member's behalf, as a key acts for its maker.
					recordConnectionActivity(
						services,
						{
							action: "assistant.disconnected",
							workspaceId: token.grant.workspaceId,
							actor: { accountId: token.grant.accountId },
							grantId: token.grant.id,
						},
						now,
					);
				} else if (token.kind === "access") await deleteToken(services.db, token.hash);
			}
			return new Response(null, { status: 200, headers: noStore });
		}),
});
