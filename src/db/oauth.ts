/**
 * OAuth storage (docs/mcp.md, "Signing in"): registered clients, pending authorizations, grants
 * and their codes and tokens. Tokens are found by the SHA-256 of what the client presents; the
 * single-use steps (a code exchanged, a refresh token rotated, a request answered) are each one
 * conditional statement, so two requests racing for the same one cannot both win.
 */
import { and, asc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { Plan, Scope } from "../domain/plans";
import { Role } from "../domain/roles";
import type { Database } from "./client";
import { parseJsonColumn } from "./rows";
import { accounts, oauthClients, oauthGrants, oauthRequests, oauthTokens } from "./schema";

const ScopeList = z.array(Scope);
const UriList = z.array(z.string());

export interface OAuthClient {
	id: string;
	name: string;
	redirectUris: string[];
	createdAt: number;
}

export async function insertClient(db: Database, client: OAuthClient): Promise<void> {
	await db.insert(oauthClients).values({ ...client, redirectUris: JSON.stringify(client.redirectUris) });
}

export async function findClient(db: Database, clientId: string): Promise<OAuthClient | null> {
	const row = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).get();
	if (!row) return null;
	return { ...row, redirectUris: parseJsonColumn(UriList, row.redirectUris, "oauth_clients.redirect_uris") };
}

export interface AuthorizationRequest {
	id: string;
	clientId: string;
	redirectUri: string;
	codeChallenge: string;
	state: string | null;
	scopes: Scope[];
	createdAt: number;
	expiresAt: number;
}

export async function insertRequest(db: Database, request: AuthorizationRequest): Promise<void> {
	await db.insert(oauthRequests).values({ ...request, scopes: JSON.stringify(request.scopes) });
}

export interface PendingRequest extends AuthorizationRequest {
	clientName: string;
}

/** A request still open (not answered, not expired), with its client's name. */
export async function findOpenRequest(db: Database, requestId: string, now: number): Promise<PendingRequest | null> {
	const row = await db
		.select({ request: oauthRequests, clientName: oauthClients.name })
		.from(oauthRequests)
		.innerJoin(oauthClients, eq(oauthClients.id, oauthRequests.clientId))
		.where(and(eq(oauthRequests.id, requestId), gt(oauthRequests.expiresAt, now)))
		.get();
	if (!row) return null;
	return {
		...row.request,
		scopes: parseJsonColumn(ScopeList, row.request.scopes, "oauth_requests.scopes"),
		clientName: row.clientName,
	};
}

/** Takes an open request out, once: false when it was answered (or expired) meanwhile. */
export async function takeRequest(db: Database, requestId: string, now: number): Promise<boolean> {
	const taken = await db
		.delete(oauthRequests)
		.where(and(eq(oauthRequests.id, requestId), gt(oauthRequests.expiresAt, now)))
		.returning({ id: oauthRequests.id });
	return taken.length === 1;
}

export interface NewGrant {
	id: string;
	clientId: string;
	accountId: string;
	workspaceId: string;
	redirectUri: string;
	scopes: Scope[];
	createdAt: number;
}

export interface NewToken {
	hash: string;
	kind: "code" | "access" | "refresh";
	codeChallenge?: string;
	redirectUri?: string;
	createdAt: number;
	expiresAt: number;
}

/** A grant and its authorization code, in one batch. */
export async function insertGrantWithCode(db: Database, grant: NewGrant, code: NewToken): Promise<void> {
	await db.batch([
		db.insert(oauthGrants).values({ ...grant, scopes: JSON.stringify(grant.scopes) }),
		db.insert(oauthTokens).values({ ...code, grantId: grant.id }),
	]);
}

export async function insertTokens(db: Database, grantId: string, tokens: NewToken[]): Promise<void> {
	const [first, ...rest] = tokens.map((token) => db.insert(oauthTokens).values({ ...token, grantId }));
	if (first) await db.batch([first, ...rest]);
}

/** A code or refresh token with its grant, as the token endpoint judges it. */
export interface StoredToken {
	hash: string;
	kind: "code" | "access" | "refresh";
	codeChallenge: string | null;
	redirectUri: string | null;
	expiresAt: number;
	usedAt: number | null;
	grant: {
		id: string;
		clientId: string;
		accountId: string;
		workspaceId: string;
		scopes: Scope[];
		revokedAt: number | null;
		/** The account's workspace now: another one means the member was removed. */
		accountWorkspaceId: string;
	};
}

export async function findToken(db: Database, hash: string): Promise<StoredToken | null> {
	const row = await db
		.select({ token: oauthTokens, grant: oauthGrants, accountWorkspaceId: accounts.workspaceId })
		.from(oauthTokens)
		.innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
		.innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
		.where(eq(oauthTokens.hash, hash))
		.get();
	if (!row) return null;
	const { token, grant } = row;
	return {
		hash: token.hash,
		kind: token.kind,
		codeChallenge: token.codeChallenge,
		redirectUri: token.redirectUri,
		expiresAt: token.expiresAt,
		usedAt: token.usedAt,
		grant: {
			id: grant.id,
			clientId: grant.clientId,
			accountId: grant.accountId,
			workspaceId: grant.workspaceId,
			scopes: parseJsonColumn(ScopeList, grant.scopes, "oauth_grants.scopes"),
			revokedAt: grant.revokedAt,
			accountWorkspaceId: row.accountWorkspaceId,
		},
	};
}

/** Marks a code exchanged or a refresh token rotated, once: false when another request did first. */
export async function useToken(db: Database, hash: string, now: number): Promise<boolean> {
	const used = await db
		.update(oauthTokens)
		.set({ usedAt: now })
		.where(and(eq(oauthTokens.hash, hash), isNull(oauthTokens.usedAt)))
		.returning({ hash: oauthTokens.hash });
	return used.length === 1;
}

/**
 * Ends a grant and every token issued under it (they are all checked against the grant); true
 * only for the request that ended it, so a connection's end is recorded once.
 */
export async function revokeGrant(db: Database, grantId: string, now: number): Promise<boolean> {
	const revoked = await db
		.update(oauthGrants)
		.set({ revokedAt: now })
		.where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
		.returning({ id: oauthGrants.id });
	return revoked.length === 1;
}

/** The name of the client a grant was given to, kept in the activity log's entries about it. */
export async function grantClientName(db: Database, grantId: string): Promise<string | null> {
	const row = await db
		.select({ name: oauthClients.name })
		.from(oauthGrants)
		.innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
		.where(eq(oauthGrants.id, grantId))
		.get();
	return row?.name ?? null;
}

/** Revokes one of the account's grants; false when it has no such grant still working. */
export async function revokeAccountGrant(db: Database, accountId: string, grantId: string, now: number): Promise<boolean> {
	const revoked = await db
		.update(oauthGrants)
		.set({ revokedAt: now })
		.where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.accountId, accountId), isNull(oauthGrants.revokedAt)))
		.returning({ id: oauthGrants.id });
	return revoked.length === 1;
}

/** A grant a member's removal ended: what the activity log names. */
export interface RevokedGrant {
	id: string;
	workspaceId: string;
	clientName: string | null;
}

/** Revokes every grant of the account (a member removed from the workspace); answers the ones that were still working. */
export async function revokeAccountGrants(db: Database, accountId: string, now: number): Promise<RevokedGrant[]> {
	const revoked = await db
		.update(oauthGrants)
		.set({ revokedAt: now })
		.where(and(eq(oauthGrants.accountId, accountId), isNull(oauthGrants.revokedAt)))
		.returning({ id: oauthGrants.id, workspaceId: oauthGrants.workspaceId, clientId: oauthGrants.clientId });
	if (revoked.length === 0) return [];
	const clients = await db
		.select({ id: oauthClients.id, name: oauthClients.name })
		.from(oauthClients)
		.where(inArray(oauthClients.id, [...new Set(revoked.map((grant) => grant.clientId))]));
	const names = new Map(clients.map((client) => [client.id, client.name]));
	return revoked.map((grant) => ({ id: grant.id, workspaceId: grant.workspaceId, clientName: names.get(grant.clientId) ?? null }));
}

export async function deleteToken(db: Database, hash: string): Promise<void> {
	await db.delete(oauthTokens).where(eq(oauthTokens.hash, hash));
}

/** An access token as a request's credential: its grant, the member and the account's plan and role now. */
export interface AccessTokenRecord {
	grantId: string;
	accountId: string;
	/** The grant's workspace, and the account's now: they differ once the member was removed. */
	workspaceId: string;
	accountWorkspaceId: string;
	plan: Plan;
	role: Role;
	scopes: Scope[];
	expiresAt: number;
	revokedAt: number | null;
	lastUsedAt: number | null;
}

export async function findAccessToken(db: Database, hash: string): Promise<AccessTokenRecord | null> {
	const row = await db
		.select({
			grantId: oauthGrants.id,
			accountId: oauthGrants.accountId,
			workspaceId: oauthGrants.workspaceId,
			accountWorkspaceId: accounts.workspaceId,
			plan: accounts.plan,
			role: accounts.role,
			scopes: oauthGrants.scopes,
			expiresAt: oauthTokens.expiresAt,
			revokedAt: oauthGrants.revokedAt,
			lastUsedAt: oauthGrants.lastUsedAt,
		})
		.from(oauthTokens)
		.innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
		.innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
		.where(and(eq(oauthTokens.hash, hash), eq(oauthTokens.kind, "access")))
		.get();
	if (!row) return null;
	return {
		...row,
		plan: Plan.parse(row.plan),
		role: Role.parse(row.role),
		scopes: parseJsonColumn(ScopeList, row.scopes, "oauth_grants.scopes"),
	};
}

export async function markGrantUsed(db: Database, grantId: string, now: number): Promise<void> {
	await db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, grantId));
}

/** A connection as its member sees it on the Keys page. */
export interface GrantListing {
	id: string;
	clientName: string;
	redirectUri: string;
	scopes: Scope[];
	createdAt: number;
	lastUsedAt: number | null;
}

/** The member's working grants in this workspace, oldest first. */
export async function listAccountGrants(db: Database, accountId: string, workspaceId: string): Promise<GrantListing[]> {
	const rows = await db
		.select({
			id: oauthGrants.id,
			clientName: oauthClients.name,
			redirectUri: oauthGrants.redirectUri,
			scopes: oauthGrants.scopes,
			createdAt: oauthGrants.createdAt,
			lastUsedAt: oauthGrants.lastUsedAt,
		})
		.from(oauthGrants)
		.innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
		.where(and(eq(oauthGrants.accountId, accountId), eq(oauthGrants.workspaceId, workspaceId), isNull(oauthGrants.revokedAt)))
		.orderBy(asc(oauthGrants.createdAt), asc(oauthGrants.id));
	return rows.map((row) => ({ ...row, scopes: parseJsonColumn(ScopeList, row.scopes, "oauth_grants.scopes") }));
}

/**
 * Requests and tokens that expired before `before`. A used code or refresh token is kept past its
 * use until then, so presenting it again is still recognised as a replay (and revokes its grant).
 */
export async function deleteExpiredOAuthRows(db: Database, before: number): Promise<void> {
	await db.batch([
		db.delete(oauthRequests).where(lt(oauthRequests.expiresAt, before)),
		db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, before)),
	]);
}
