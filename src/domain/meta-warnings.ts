/**
 * What a write says about settings `meta` does not know. They are kept as sent (a client may
 * store its own settings there, docs/api.md), but a typo such as `titel` would otherwise be
 * stored silently and never drawn: each unknown setting the request set is named in the answer,
 * with the known setting it was probably meant to be. Nested settings are strict and refused
 * with a 422 instead (meta-settings.ts). Warnings are never stored.
 */
import { closestNames, quotedChoices } from "./closest-names";
import { knownMetaSettings } from "./meta";

/** At most this many warnings are listed, then one that counts the rest. */
const maxListed = 20;
/** A setting's name is the caller's text: a long one is cut in the warning. */
const maxQuotedName = 60;

function quoted(name: string): string {
	return JSON.stringify(name.length > maxQuotedName ? `${name.slice(0, maxQuotedName)}…` : name);
}

export function unknownSettingWarning(name: string): string {
	const close = closestNames(name, knownMetaSettings);
	return close.length > 0
		? `unknown setting ${quoted(name)} — did you mean ${quotedChoices(close)}? It is stored as sent and not drawn.`
		: `unknown setting ${quoted(name)}: stored as sent and not drawn (GET /v1/schema/meta.json lists the settings).`;
}

/**
 * One warning per top-level setting of `sent` (a request's `meta`, or a merge patch of it) that
 * `meta` does not know; a `null` in a patch removes a setting, so it sets nothing to warn about.
 */
export function unknownSettingWarnings(sent: unknown): string[] {
	if (typeof sent !== "object" || sent === null || Array.isArray(sent)) return [];
	const known = new Set(knownMetaSettings);
	const unknown = Object.entries(sent)
		.filter(([name, value]) => value !== null && !known.has(name))
		.map(([name]) => name);
	const listed = unknown.slice(0, maxListed).map(unknownSettingWarning);
	const more = unknown.length - listed.length;
	return more > 0 ? [...listed, `${more} more unknown settings, stored as sent and not drawn.`] : listed;
}
