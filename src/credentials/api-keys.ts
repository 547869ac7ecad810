/**
 * API key format. A key is `cs_` + 40 base62 characters (238 bits of randomness); only its
 * SHA-256 is stored, with the first characters kept as a prefix so people can tell keys apart.
 */
import { randomToken, sha256Hex } from "../domain/ids";

export const apiKeyPattern = /^cs_[0-9A-Za-z]{40}$/;
const displayPrefixLength = 10;

export interface IssuedKey {
	/** Shown once to the person who created it; never stored. */
	key: string;
	prefix: string;
	hash: string;
}

export async function issueApiKey(): Promise<IssuedKey> {
	const key = `cs_${randomToken(40)}`;
	return { key, prefix: key.slice(0, displayPrefixLength), hash: await sha256Hex(key) };
}
