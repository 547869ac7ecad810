/**
 * `npm run check:references`: fails when a comment, a test's name or a document names an issue
 * number or a document outside the repository. A clone must be able to follow every citation:
 * design notes are cited as `docs/design.md#d33`, the service contract as
 * `docs/contract.md#section-4-1` (docs/design.md#d53).
 *
 * Read: comments and the names given to `describe`/`it`/`test` in TypeScript and JavaScript
 * (found with the TypeScript compiler's parser, so code and data strings are never read), comments
 * in CSS, and the whole of Markdown, under `src/`, `scripts/`, `test/`, `bench/`, `docs/` and
 * `README.md`. Flagged: "issue 12" (and "issues 13 and 23"), a `#12` that can only be an issue
 * number, "DESIGN", a path into `shared/`, "spec §4" or "spec 2.4", and the console brief
 * `CONSOLE.md` or `STYLE.md` kept beside the repository.
 *
 * Exits 1 listing `file:line: what was found`; 0 otherwise.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

const root = resolve(import.meta.dirname, "..");
const folders = ["src", "scripts", "test", "bench", "docs"];
const skippedFolders = new Set(["node_modules", "dist", "fixtures", "results", "screenshots", ".wrangler"]);
const scriptExtensions = new Set([".ts", ".tsx", ".mts", ".js", ".mjs"]);
/** This file spells out the patterns it looks for, so it is not read itself. */
const selfPath = join("scripts", "check-references.ts");

/** What a citation of something outside the repository looks like. */
export const outsideReference =
	/\bissues?[ \t]*\n?[ \t]*(?:\*|\/\/)?[ \t]*#?\d+|(?<![\w&/#])#\d{1,2}\b(?![\w-])|\bDESIGN\b|(?<![\w.-])shared\/|\bspec[ \t]*\n?[ \t]*(?:\*|\/\/)?[ \t]*(?:§[ \t]*)?\d+(?:\.\d+)*\b|\b(?:CONSOLE|STYLE)\.md\b/g;

/** The files whose descriptions are read, as paths relative to `base`. */
export function referenceFiles(base: string = root): string[] {
	const walk = (dir: string): string[] =>
		readdirSync(dir).flatMap((name) => {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) return skippedFolders.has(name) ? [] : walk(path);
			const extension = extname(name);
			return scriptExtensions.has(extension) || extension === ".css" || extension === ".md" ? [path] : [];
		});
	const found = folders.flatMap((folder) => {
		const dir = join(base, folder);
		return statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? walk(dir) : [];
	});
	return [...found, join(base, "README.md")]
		.map((path) => relative(base, path))
		.filter((file) => file !== selfPath)
		.sort();
}

export type Range = { start: number; end: number };

const testCallees = new Set(["describe", "it", "test", "suite", "bench"]);

/** The callee's first name: `describe` for `describe(…)`, `describe.skip(…)` and `it.each(…)(…)`. */
function calleeName(expression: ts.Expression): string | undefined {
	if (ts.isIdentifier(expression)) return expression.text;
	if (ts.isPropertyAccessExpression(expression)) return calleeName(expression.expression);
	if (ts.isCallExpression(expression)) return calleeName(expression.expression);
	return undefined;
}

/** Comments (adjacent line comments joined) and test names of a script, as ranges of its text. */
function scriptRanges(path: string, text: string): Range[] {
	const kind = path.endsWith(".tsx")
		? ts.ScriptKind.TSX
		: path.endsWith(".ts") || path.endsWith(".mts")
			? ts.ScriptKind.TS
			: ts.ScriptKind.JS;
	const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
	const comments = new Map<number, number>();
	const names: Range[] = [];
	const note = (ranges: ts.CommentRange[] | undefined): void => {
		for (const range of ranges ?? []) comments.set(range.pos, range.end);
	};
	const visit = (node: ts.Node): void => {
		note(ts.getLeadingCommentRanges(text, node.getFullStart()));
		note(ts.getTrailingCommentRanges(text, node.getEnd()));
		if (ts.isCallExpression(node) && testCallees.has(calleeName(node.expression) ?? "")) {
			const [first] = node.arguments;
			if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
				names.push({ start: first.getStart(source) + 1, end: first.getEnd() - 1 });
			}
		}
		for (const child of node.getChildren(source)) visit(child);
	};
	visit(source);
	const sorted = [...comments].map(([start, end]) => ({ start, end })).sort((a, b) => a.start - b.start);
	const joined: Range[] = [];
	for (const range of sorted) {
		const last = joined.at(-1);
		if (last && range.start >= last.end && /^\s*$/.test(text.slice(last.end, range.start))) last.end = range.end;
		else if (!last || range.start >= last.end) joined.push({ ...range });
	}
	return [...joined, ...names].sort((a, b) => a.start - b.start);
}

/** The parts of a file that describe rather than do: where citations may appear. */
export function descriptionRanges(path: string, text: string): Range[] {
	const extension = extname(path);
	if (extension === ".md") return [{ start: 0, end: text.length }];
	if (extension === ".css") return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
	if (scriptExtensions.has(extension)) return scriptRanges(path, text);
	return [];
}

export type Finding = { file: string; line: number; found: string };

/** Every citation of something outside the repository in one file's descriptions. */
export function findReferences(file: string, text: string): Finding[] {
	const findings: Finding[] = [];
	for (const range of descriptionRanges(file, text)) {
		const part = text.slice(range.start, range.end);
		for (const match of part.matchAll(outsideReference)) {
			const at = range.start + match.index;
			const line = text.slice(0, at).split("\n").length;
			findings.push({ file, line, found: match[0].replace(/\s+/g, " ") });
		}
	}
	return findings;
}

function main(): void {
	const findings = referenceFiles().flatMap((file) => findReferences(file, readFileSync(join(root, file), "utf8")));
	for (const { file, line, found } of findings) console.log(`${file}:${line}: ${found}`);
	if (findings.length > 0) {
		console.error(
			`\n${findings.length} citation(s) a clone cannot follow. Cite docs/design.md#dN or docs/contract.md#section-N, and say what an issue was about instead of its number.`,
		);
		process.exit(1);
	}
	console.log("References: every citation points inside the repository.");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
