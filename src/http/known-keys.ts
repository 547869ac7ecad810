/**
 * Who each API key turned out to be, remembered per isolate so that the next request with it can
 * ask the rate limiter (and a read can start its handler) while D1 is still confirming the key: the key's read, the limiter's call and the handler's first read then overlap
 * instead of following one another. It is a guess, never a shortcut: every request still reads
 * its key, and what was started on a guess is answered only if the key's fresh record says the
 * same (`sameCaller`); otherwise it is dropped before it changed anything and the request runs
 * again on the fresh record. The remembered record is keyed by the key's SHA-256, as in D1, so no
 * key is kept in memory.
 *
 * The cost of a wrong guess is a count against the guessed account's rate limit for a request
 * that is then refused (a key revoked since: 401, and the key is forgotten) or counted again (an
 * account whose plan changed: its record is replaced). Requests already under way with the old
 * record are counted too, so a burst with a revoked key can spend up to one burst of its former
 * account's budget on each isolate that remembered the key; after that the key costs nothing.
 */
import { apiKeyPattern } from "../credentials/api-keys";
import type { Caller, KeyCaller } from "../domain/caller";
import { sha256Hex } from "../domain/ids";

/** Enough for every key in active use on one isolate; the least recently used goes first. */
const maxRemembered = 2000;
const remembered = new Map<string, KeyCaller>();

/** The SHA-256 of a well-formed bearer key, or null (no key, or one `authenticate` will refuse anyway). */
export async function bearerKeyHash(request: Request): Promise<string | null> {
	const key = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
	return key !== undefined && apiKeyPattern.test(key) ? sha256Hex(key) : null;
}

export function guessCaller(keyHash: string): KeyCaller | null {
	const caller = remembered.get(keyHash);
	if (!caller) return null;
	remembered.delete(keyHash);
	remembered.set(keyHash, caller);
	return caller;
}

export function rememberCaller(keyHash: string, caller: KeyCaller): void {
	remembered.delete(keyHash);
	remembered.set(keyHash, caller);
	if (remembered.size > maxRemembered) remembered.delete(remembered.keys().next().value as string);
}

export function forgetCaller(keyHash: string): void {
	remembered.delete(keyHash);
}

/**
 * Whether a guess acts exactly as the confirmed caller would: same key, account, workspace, plan,
 * role and scopes. The confirmation is a fresh read of the key and its account, so a key revoked
 * with its member's removal, or a role changed since, never passes as the remembered record.
 */
export function sameCaller(guess: KeyCaller, confirmed: Caller): boolean {
	return (
		confirmed.credential === "key" &&
		guess.keyId === confirmed.keyId &&
		guess.accountId === confirmed.accountId &&
		guess.workspaceId === confirmed.workspaceId &&
		guess.plan === confirmed.plan &&
		guess.role === confirmed.role &&
		guess.scopes.length === confirmed.scopes.length &&
		guess.scopes.every((scope, i) => scope === confirmed.scopes[i])
	);
}
