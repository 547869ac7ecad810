/**
 * A tool call's arguments refused by its schema, said in one sentence that names the argument and
 * what to give instead (never the validator's dump): the model reads it and fixes its call.
 */
import type { z } from "zod";
import { type ChartKind, chartKinds } from "../domain/kinds";

/** Words people and models use for a kind, and the kind that draws it. */
const kindAliases: Record<string, { kind: ChartKind; hint?: string }> = {
	bar: { kind: "horizontal-bar", hint: 'or with meta.orientation "vertical" for columns' },
	bars: { kind: "horizontal-bar", hint: 'or with meta.orientation "vertical" for columns' },
	column: { kind: "horizontal-bar", hint: 'with meta.orientation "vertical"' },
	columns: { kind: "horizontal-bar", hint: 'with meta.orientation "vertical"' },
	"vertical-bar": { kind: "horizontal-bar", hint: 'with meta.orientation "vertical"' },
	area: { kind: "line", hint: "with meta.area true" },
	donut: { kind: "pie", hint: "with meta.donut true" },
	doughnut: { kind: "pie", hint: "with meta.donut true" },
	bubble: { kind: "scatter", hint: "with a size column" },
	streamgraph: { kind: "themeriver" },
	choropleth: { kind: "map" },
	box: { kind: "boxplot" },
	ohlc: { kind: "candlestick" },
	calendar: { kind: "heatmap" },
	spider: { kind: "radar" },
};

/** The number of single-letter edits between two words. */
function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return previous[b.length] ?? 0;
}

/** The kind someone who wrote `given` most likely meant, with how to get it, or null. */
export function kindSuggestion(given: string): string | null {
	const word = given
		.trim()
		.toLowerCase()
		.replace(/[\s_]+/g, "-")
		.replace(/-?charts?$/, "");
	const alias = kindAliases[word];
	if (alias) return alias.hint ? `"${alias.kind}" (${alias.hint})` : `"${alias.kind}"`;
	const near = chartKinds
		.map((kind) => ({ kind, distance: kind.includes(word) && word.length >= 3 ? 0 : editDistance(word, kind) }))
		.sort((a, b) => a.distance - b.distance)[0];
	return near && near.distance <= Math.max(2, Math.floor(word.length / 3)) ? `"${near.kind}"` : null;
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
