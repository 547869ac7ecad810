/**
 * Assistants in the activity log (docs/teams.md): a connection allowed on the consent screen, and
 * its end, by the member on the Keys page, by the assistant itself through the revocation
 * endpoint, or by the service when a used code or refresh token came back (token.ts). Written
 * after the answer, as the routes' entries are (src/auth/activity.ts): a failure is logged, never
 * answered, since the connection itself was made or ended.
 */
import { recordActivity } from "../auth/activity";
import { grantClientName } from "../db/oauth";
import type { Services } from "../request-services";

export interface ConnectionEvent {
	action: "assistant.connected" | "assistant.disconnected";
	workspaceId: string;
	/** The member who did it, or null for the service itself. */
	actor: { accountId: string; email?: string } | null;
	grantId: string;
	/** The client's name; looked up from the grant when not given. */
	clientName?: string;
}

export function recordConnectionActivity(services: Services, event: ConnectionEvent, now: number): void {
	services.waitUntil(
		(async () => {
			const name = event.clientName ?? (await grantClientName(services.db, event.grantId));
			await recordActivity(services, {
				workspaceId: event.workspaceId,
				at: now,
				actorAccountId: event.actor?.accountId ?? null,
				actorEmail: event.actor?.email,
				action: event.action,
				target: { type: "assistant", id: event.grantId, name },
			});
		})().catch((error) => console.error(`recording ${event.action} failed`, error)),
	);
}
