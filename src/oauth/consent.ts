/**
 * The person's answer to a pending authorization (the console's consent screen): what is asked,
 * by whom, within which role; allowing issues a grant and its code, denying tells the client so.
 * Either way the request is taken out in one conditional statement, so it is answered once.
 */
import { ApiError } from "../api-error";
import type { PendingRequest } from "../db/oauth";
import { findOpenRequest, insertGrantWithCode, takeRequest } from "../db/oauth";
import { workspaceFacts } from "../db/team";
import type { SessionCaller } from "../domain/caller";
import type { Scope } from "../domain/plans";
import type { Role } from "../domain/roles";
import { roleScopes, roleWords } from "../domain/roles";
import type { Services } from "../request-services";
import { recordConnectionActivity } from "./connection-activity";
import { redirectHost } from "./redirect-uris";
import { redirectUrl } from "./redirects";
import { labelOf } from "./scopes";
import { codeMs, issueCode, newGrantId } from "./tokens";

const requestIdPattern = /^oar_[0-9A-Za-z]{32}$/;

function noSuchRequest(): ApiError {
	return new ApiError(
		"not_found",
		"This sign-in request is not open: it was answered already, or it expired after 10 minutes. Start connecting again from the assistant.",
	);
}

async function openRequest(services: Services, requestId: string, now: number): Promise<PendingRequest> {
	const request = requestIdPattern.test(requestId) ? await findOpenRequest(services.db, requestId, now) : null;
	if (request === null) throw noSuchRequest();
	return request;
}

const roleOf = (caller: SessionCaller): Role => caller.role ?? "viewer";

export interface ConsentView {
	id: string;
	client: { id: string; name: string };
	redirectHost: string;
	scopes: { scope: Scope; label: string; granted: boolean }[];
	workspace: { id: string; name: string };
	role: Role;
	expiresAt: string;
}

export async function consentView(services: Services, caller: SessionCaller, requestId: string, now: number): Promise<ConsentView> {
	const request = await openRequest(services, requestId, now);
	const workspace = await workspaceFacts(services.d1, caller.workspaceId);
	const role = roleOf(caller);
	return {
		id: request.id,
		client: { id: request.clientId, name: request.clientName },
		redirectHost: redirectHost(request.redirectUri),
		scopes: request.scopes.map((scope) => ({ scope, label: labelOf(scope), granted: roleScopes[role].includes(scope) })),
		workspace: { id: caller.workspaceId, name: workspace?.name ?? "" },
		role,
		expiresAt: new Date(request.expiresAt).toISOString(),
	};
}

function requireScopesAllowed(caller: SessionCaller, request: PendingRequest, scopes: readonly Scope[]): void {
	const notAsked = scopes.filter((scope) => !request.scopes.includes(scope));
	if (notAsked.length > 0) {
		throw new ApiError(
			"invalid_body",
			`scopes: ${notAsked.join(", ")} ${notAsked.length === 1 ? "was" : "were"} not asked for by the assistant; allow only some of ${request.scopes.join(", ")}.`,
			{
				path: "scopes",
			},
		);
	}
	const role = roleOf(caller);
	const beyond = scopes.filter((scope) => !roleScopes[role].includes(scope));
	if (beyond.length > 0) {
		throw new ApiError(
			"forbidden",
			`This account is ${roleWords[role]} in its workspace, so it cannot allow ${beyond.join(", ")}: leave ${beyond.length === 1 ? "it" : "them"} out, or ask an owner or admin for another role.`,
			{ role, scopes: beyond },
		);
	}
}

/** Allows the request with `scopes` (some of those asked, within the role): the client's redirect with a fresh code. */
export async function approve(
	services: Services,
	caller: SessionCaller,
	requestId: string,
	scopes: readonly Scope[],
	origin: string,
	now: number,
): Promise<string> {
	const request = await openRequest(services, requestId, now);
	requireScopesAllowed(caller, request, scopes);
	if (!(await takeRequest(services.db, request.id, now))) throw noSuchRequest();
	const code = await issueCode();
	const grant = {
		id: newGrantId(),
		clientId: request.clientId,
		accountId: caller.accountId,
		workspaceId: caller.workspaceId,
		redirectUri: request.redirectUri,
		scopes: [...scopes],
		createdAt: now,
	};
	await insertGrantWithCode(services.db, grant, {
		hash: code.hash,
		kind: "code",
		codeChallenge: request.codeChallenge,
		redirectUri: request.redirectUri,
		createdAt: now,
		expiresAt: now + codeMs,
	});
	recordConnectionActivity(
		services,
		{
			action: "assistant.connected",
			workspaceId: caller.workspaceId,
			actor: { accountId: caller.accountId, email: caller.email },
			grantId: grant.id,
			clientName: request.clientName,
		},
		now,
	);
	return redirectUrl(request.redirectUri, origin, { code: code.value, state: request.state });
}

/** Refuses the request: the client's redirect with `access_denied`. */
export async function deny(services: Services, requestId: string, origin: string, now: number): Promise<string> {
	const request = await openRequest(services, requestId, now);
	if (!(await takeRequest(services.db, request.id, now))) throw noSuchRequest();
	return redirectUrl(request.redirectUri, origin, {
		error: "access_denied",
		error_description: "The person did not allow the connection.",
		state: request.state,
	});
}
