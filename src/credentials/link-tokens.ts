/**
 * The tokens in invitation and password-reset links (docs/teams.md): 32 random bytes, base64url,
 * as session tokens. Only a hash is stored, salted with the link's purpose so a reset token can
 * never be presented as an invitation; a token is found by its hash and compared again in
 * constant time, so how long a refusal takes says nothing about the stored tokens.
 */
import { constantTimeEqual } from "../domain/bytes";
import { randomToken, sha256Hex } from "../domain/ids";
import { newSessionToken, sessionTokenPattern } from "./session-tokens";

export type LinkPurpose = "invitation" | "password-reset";

export const linkTokenPattern = sessionTokenPattern;
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
export const passwordResetLifetimeMs = 60 * 60 * 1000;

export function newLinkToken(): string {
	return newSessionToken();
}

export function linkTokenHash(purpose: LinkPurpose, token: string): Promise<string> {
	return sha256Hex(`${purpose} ${token}`);
}

export function sameTokenHash(stored: string, computed: string): boolean {
	return constantTimeEqual(new TextEncoder().encode(stored), new TextEncoder().encode(computed));
}

/** An invitation's id: `inv_` and 22 base62 characters, as the other ids (ids.ts). */
export function newInvitationId(): string {
	return `inv_${randomToken(22)}`;
}

export const invitationIdPattern = /^inv_[A-Za-z0-9_-]{1,64}$/;
export const accountIdPattern = /^ac_[A-Za-z0-9_-]{1,64}$/;
