/**
 * A tool call's arguments refused by its schema, said in one sentence that names the argument and
 * what to give instead (never the validator's dump): the model reads it and fixes its call.
 */
import type { z } from "zod";
import { closestNames } from "../domain/closest-names";
import { chartKinds, type KindVariant, kindVariantsFor } from "../domain/kinds";

/** The kind someone who wrote `given` most likely meant, with how to get the variant meant, or null. */
export function kindSuggestion(given: string): string | null {
	const variants = kindVariantsFor(given);
	if (variants) {
		const [first, ...others] = variants as [KindVariant, ...KindVariant[]];
		const ways = [
			...(first.setting ? [`with ${first.setting} for ${first.is}`] : []),
			...others.map(({ setting, is }) => `or ${setting ? `with ${setting} ` : ""}for ${is}`),
		];
		return `"${first.kind}"${ways.length > 0 ? ` (${ways.join(", ")})` : ""}`;
	}
	const [near] = closestNames(given.replace(/[\s_-]?charts?$/i, ""), chartKinds, 1);
	return near ? `"${near}"` : null;
}

function pathOf(path: readonly PropertyKey[]): string {
	return path.reduce<string>(
		(text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
		"",
	);
}

function quoted(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** One issue as a sentence: `<argument>: <what is wrong, and what to give>`. */
function issueSentence(issue: z.core.$ZodIssue): string {
	const path = pathOf(issue.path);
	const where = path || "arguments";
	if (issue.code === "invalid_value" && path === "kind" && typeof issue.input === "string") {
		const suggestion = kindSuggestion(issue.input);
		const guess = suggestion ? `did you mean ${suggestion}?` : `use one of ${chartKinds.join(", ")}.`;
		return `kind: ${quoted(issue.input)} is not a chart kind; ${guess}`;
	}
	if (issue.code === "invalid_type" && issue.input === undefined) return `${where} is required (${issue.expected}).`;
	if (issue.code === "invalid_type") return `${where}: expected ${issue.expected}, got ${quoted(issue.input)}.`;
	if (issue.code === "invalid_value") {
		return `${where}: ${quoted(issue.input)} is not allowed; use one of ${issue.values.map((value) => quoted(value)).join(", ")}.`;
	}
	if (issue.code === "unrecognized_keys") return `${where}: unknown ${issue.keys.length === 1 ? "key" : "keys"} ${issue.keys.join(", ")}.`;
	const message = issue.message.replace(/^Invalid input:?\s*/i, "");
	return `${where}: ${message || "not valid here"}${/[.?!]$/.test(message) ? "" : "."}`;
}

/** The first problem of a refused call, and how many more there are. */
export function argumentProblem(error: z.ZodError): string {
	const [first, ...rest] = error.issues;
	if (!first) return "The arguments are not valid.";
	const more = rest.length === 0 ? "" : ` (${rest.length} more ${rest.length === 1 ? "problem" : "problems"} after this one)`;
	return `${issueSentence(first)}${more}`;
}
