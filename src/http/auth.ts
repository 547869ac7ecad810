/**
 * Who is calling: `Authorization: Bearer <key>` → the key's account, workspace, plan and scopes.
 * Every failure is 401 `unauthorized` with `WWW-Authenticate: Bearer` (DESIGN D1).
 */
import { findKeyByHash, markKeyUsed } from "../db/keys";
import { apiKeyPattern } from "../domain/api-keys";
import type { Caller } from "../domain/caller";
import { sha256Hex } from "../domain/ids";
import type { Scope } from "../domain/plans";
import { planHasApiAccess } from "../domain/plans";
import type { Services } from "../services/context";
import { ApiError } from "./errors";

/** Writing last-used on every request would make every read a write; once a minute is enough. */
const lastUsedResolutionMs = 60_000;

function unauthorized(message: string, tokenProblem: boolean): ApiError {
	const challenge = tokenProblem ? 'Bearer realm="charts", error="invalid_token"' : 'Bearer realm="charts"';
	return new ApiError("unauthorized", message, undefined, { "WWW-Authenticate": challenge });
}

export async function authenticate(request: Request, services: Services, now: number): Promise<Caller> {
	const header = request.headers.get("authorization");
	if (!header) {
		throw unauthorized("Missing API key. Send the header `Authorization: Bearer <API key>`.", false);
	}
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
	if (!match?.[1]) {
		throw unauthorized("The Authorization header must be `Bearer <API key>`.", true);
	}
	const key = match[1];
	if (!apiKeyPattern.test(key)) {
		throw unauthorized("That is not an API key of this service: keys start with `cs_` and have 43 characters.", true);
	}
	const record = await findKeyByHash(services.db, await sha256Hex(key));
	if (!record) throw unauthorized("This API key is not valid. Check it was copied whole.", true);
	if (record.revokedAt !== null) throw unauthorized("This API key has been revoked. Create a new key.", true);

	if (record.lastUsedAt === null || now - record.lastUsedAt > lastUsedResolutionMs) {
		services.waitUntil(markKeyUsed(services.db, record.keyId, now));
	}
	return {
		keyId: record.keyId,
		accountId: record.accountId,
		workspaceId: record.workspaceId,
		plan: record.plan,
		scopes: record.scopes,
	};
}

export function requirePlan(caller: Caller): void {
	if (!planHasApiAccess(caller.plan)) {
		throw new ApiError(
			"plan_required",
			`API access needs the Professional or Business plan; this account is on ${caller.plan}. Upgrade the plan to use the API.`,
			{ plan: caller.plan },
		);
	}
}

export function requireScope(caller: Caller, scope: Scope): void {
	if (!caller.scopes.includes(scope)) {
		throw new ApiError("forbidden", `This API key lacks the scope ${scope}. Use a key that has it.`, {
			requiredScope: scope,
			keyScopes: caller.scopes,
		});
	}
}
