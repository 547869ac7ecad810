/**
 * The `X-Render-Warnings` header value (docs/design.md#d26). Warnings carry user text (region names,
 * labels) that may hold any character, so each one is percent-encoded (`encodeURIComponent`),
 * they are joined with "; ", and the value is at most 1 KiB: warnings that do not fit are
 * left out (one too long on its own is cut at a character and ends in "..."), and the value
 * then ends with "(+N more)", N counting every warning not sent in full. `warningsOfHeaderValue`
 * reads a value back into its list (the export cache keeps the value, not the list).
 */
import { drawableText } from "../domain/markup";

export const maxWarningsHeaderBytes = 1024;
const separator = "; ";

/** The note goes out as it is, so a list read back from a cut value encodes to that same value again. */
const moreNotePattern = /^\(\+\d+ more\)$/;

function encoded(warning: string): string {
	if (moreNotePattern.test(warning)) return warning;
	// Lone surrogates would make encodeURIComponent throw; drawable text has none.
	return encodeURIComponent(drawableText(warning));
}

function moreNote(count: number): string {
	return `(+${count} more)`;
}

/** The longest prefix of `warning` (whole characters) whose encoding, plus "...", fits in `room` bytes. */
function truncated(warning: string, room: number): string {
	const characters = Array.from(drawableText(warning));
	let out = "";
	for (const ch of characters) {
		const next = out + encodeURIComponent(ch);
		if (next.length + 3 > room) break;
		out = next;
	}
	return `${out}...`;
}

/** The header value, or null when there is nothing to warn about. Always ASCII, at most 1 KiB. */
export function warningsHeaderValue(warnings: readonly string[]): string | null {
	if (warnings.length === 0) return null;
	const all = warnings.map(encoded);
	const full = all.join(separator);
	if (full.length <= maxWarningsHeaderBytes) return full;
	// Room for the count of what is cut, at its longest.
	const room = maxWarningsHeaderBytes - separator.length - moreNote(warnings.length).length;
	const sent: string[] = [];
	let used = 0;
	for (const warning of all) {
		const cost = (sent.length > 0 ? separator.length : 0) + warning.length;
		if (used + cost > room) break;
		sent.push(warning);
		used += cost;
	}
	const wholeWarnings = sent.length;
	if (wholeWarnings === 0) sent.push(truncated(warnings[0] as string, room));
	return [...sent, moreNote(warnings.length - wholeWarnings)].join(separator);
}

/** The warnings a header value names, decoded; a cut value's "(+N more)" note is its last. */
export function warningsOfHeaderValue(value: string | null): string[] {
	if (!value) return [];
	return value.split(separator).map((part) => {
		try {
			return decodeURIComponent(part);
		} catch {
			return part;
		}
	});
}
