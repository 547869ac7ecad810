/**
 * `/console/api/keys`: the signed-in account's API keys (docs/design.md#d33). Keys are what the
 * Professional and Business plans buy, so creating one checks the plan even though the session
 * itself does not; listing and revoking stay open so a downgraded account can still clean up.
 */

import { ApiError } from "../../api-error";
import { issueApiKey } from "../../credentials/api-keys";
import { insertKey, listActiveKeys, revokeAccountKey } from "../../db/keys";
import type { SessionCaller } from "../../domain/caller";
import { newId } from "../../domain/ids";
import type { Scope } from "../../domain/plans";
import { roleScopes, roleWords } from "../../domain/roles";
import { requirePlan } from "../../http/auth";
import { json } from "../../http/respond";
import { defineRoute } from "../../http/route";
import { Deleted } from "../schemas";
import { ApiKeyCreated, ApiKeyList, CreateKeyBody } from "./schemas";

const iso = (ms: number) => new Date(ms).toISOString();

function requireScopesOfRole(caller: SessionCaller, scopes: readonly Scope[]): void {
	const role = caller.role ?? "viewer";
	const beyond = scopes.filter((scope) => !roleScopes[role].includes(scope));
	if (beyond.length === 0) return;
	throw new ApiError(
		"forbidden",
		`This account is ${roleWords[role]} in its workspace, so its keys cannot hold ${beyond.join(", ")}: leave them out, or ask an owner or admin for another role.`,
		{ role, scopes: beyond },
	);
}

const listKeysRoute = defineRoute({
	method: "GET",
	path: "/console/api/keys",
	tag: "Keys",
	summary: "List the account's API keys",
	description:
		"Keys that still work, oldest first; revoked keys are not listed. The keys themselves are never shown again. Never cached (Cache-Control: no-store).",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The keys", schema: ApiKeyList } },
	errors: [],
	async handler({ caller, services }) {
		const keys = await listActiveKeys(services.db, caller.accountId);
		return json(
			{
				keys: keys.map((key) => ({
					...key,
					createdAt: iso(key.createdAt),
					lastUsedAt: key.lastUsedAt === null ? null : iso(key.lastUsedAt),
				})),
			},
			200,
			{ "Cache-Control": "no-store" },
		);
	},
});

const createKeyRoute = defineRoute({
	method: "POST",
	path: "/console/api/keys",
	tag: "Keys",
	summary: "Create an API key",
	description:
		"The answer is the only time the key is shown, and is never cached (Cache-Control: no-store). Needs the Professional or Business plan. A key never does more than its member's role: scopes the role does not hold are refused (403), and a key made before a role changed holds only what the new role allows.",
	access: "session",
	body: { type: "json", schema: CreateKeyBody },
	responses: { 201: { description: "Created; copy `key` now", schema: ApiKeyCreated } },
	errors: ["plan_required", "forbidden"],
	async handler({ caller, services, body, now }) {
		requirePlan(caller);
		requireScopesOfRole(caller, body.scopes);
		const issued = await issueApiKey();
		const key = {
			id: newId("key"),
			accountId: caller.accountId,
			name: body.name,
			prefix: issued.prefix,
			hash: issued.hash,
			scopes: body.scopes,
			createdAt: now,
		};
		await insertKey(services.db, key);
		// The answer carries the secret: no cache, shared or the browser's, may keep it.
		return json({ id: key.id, name: key.name, prefix: key.prefix, scopes: key.scopes, createdAt: iso(now), key: issued.key }, 201, {
			"Cache-Control": "no-store",
		});
	},
});

const revokeKeyRoute = defineRoute({
	method: "DELETE",
	path: "/console/api/keys/:id",
	tag: "Keys",
	summary: "Revoke an API key",
	description: "The key stops working at once. Another account's key, or one already revoked, is 404.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "Revoked", schema: Deleted } },
	errors: ["not_found"],
	async handler({ caller, services, params, now }) {
		const revoked = await revokeAccountKey(services.db, caller.accountId, params.id ?? "", now);
		if (!revoked) throw new ApiError("not_found", `This account has no working key ${params.id}.`);
		return json({ deleted: true });
	},
});

export const keyRoutes = [listKeysRoute, createKeyRoute, revokeKeyRoute];
