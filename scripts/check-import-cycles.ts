/**
 * `npm run check:cycles`: fails when the source under `src/` imports in a circle, or when a layer
 * imports from one it must stay below. A circle makes a module's meaning depend on
 * load order and keeps two files from being understood (or moved) one at a time; a layer that
 * reaches up drags what it imports into everything that uses it.
 *
 * Every import counts, `import type` included: a type-only circle costs nothing at run time but
 * still ties the two files' designs together. Imports are read with the TypeScript compiler's
 * parser (static `import`/`export … from`, `import()` and `typeof import()`), relative specifiers
 * resolved as the bundler does (`.ts`, `.tsx`, `/index.ts`); packages are not followed.
 *
 * It also holds test/, scripts/ and bench/ to the test harness rule (`harnessEdges`, at the end).
 *
 * Exits 1 with every circle (as a path of files) and every forbidden import listed; 0 otherwise.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(import.meta.dirname, "..");
const sourceDir = join(root, "src");

/**
 * Which top-level folders (or files) of `src/` each layer may import from; anything else is
 * forbidden, and a layer with no entry (a new folder) fails until it gets one, so every folder
 * has a rule. The domain is the ground everything stands on and imports nothing; rendering and
 * the database stand on it alone. Services orchestrate reads, drawings and writes and answer to
 * any caller, so they know nothing of HTTP; the embed host's page and serving sit below the
 * services that publish into them. Routing, auth and the request pipeline (`http`) serve every
 * route: they reach a route's work only through the route declarations handed to them. The API
 * and MCP sit on top; the console is a browser app that takes only the API's types, the domain's
 * rules and the renderer from the rest.
 */
export const allowedImports: Record<string, readonly string[]> = {
	domain: [],
	// File formats (fonts, SVG, raster headers, gzip) and credentials (passwords, keys, tokens):
	// pure like the domain, and kept apart from its chart rules.
	formats: [],
	credentials: ["domain"],
	render: ["domain", "formats"],
	db: ["credentials", "domain"],
	library: ["db", "domain"],
	limits: ["env.ts"],
	"env.ts": [],
	"api-error.ts": [],
	"lazy-module.ts": [],
	"host-services.ts": ["env.ts", "limits"],
	"request-services.ts": ["db", "host-services.ts"],
	embed: ["db", "domain", "formats", "host-services.ts", "render"],
	auth: ["api-error.ts", "credentials", "db", "domain", "env.ts", "request-services.ts", "services"],
	oauth: ["api-error.ts", "auth", "db", "domain", "http", "request-services.ts"],
	http: ["api-error.ts", "auth", "credentials", "db", "domain", "env.ts", "library", "limits", "oauth", "request-services.ts"],
	services: ["api-error.ts", "db", "domain", "embed", "formats", "host-services.ts", "library", "limits", "render", "request-services.ts"],
	// The scheduled run (linked-data/schedule.ts) also prunes what expires: activity, OAuth rows.
	"linked-data": ["api-error.ts", "db", "domain", "oauth", "request-services.ts", "services"],
	api: [
		"api-error.ts",
		"auth",
		"credentials",
		"db",
		"domain",
		"embed",
		"formats",
		"http",
		"library",
		"linked-data",
		"oauth",
		"render",
		"request-services.ts",
		"services",
	],
	mcp: ["api", "api-error.ts", "domain", "http", "oauth", "render", "request-services.ts", "services"],
	console: ["api", "domain", "render"],
	"api-app.ts": ["api", "http", "mcp"],
	"lazy-api.ts": ["api-app.ts", "db", "http", "lazy-module.ts", "request-services.ts"],
	"lazy-embed.ts": ["embed", "host-services.ts", "http", "lazy-module.ts"],
	"index.ts": ["http", "lazy-api.ts", "lazy-embed.ts", "limits", "linked-data", "request-services.ts"],
};

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
	});
}

function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | null {
	if (!specifier.startsWith(".")) return null;
	const base = resolve(dirname(from), specifier.replace(/\.js$/, ""));
	for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
		if (known.has(candidate)) return candidate;
	}
	return null;
}

/** Every module specifier a file names: static imports and re-exports, `import()` and `typeof import()`. */
function specifiersOf(path: string): string[] {
	const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, false);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (
			(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
			node.moduleSpecifier &&
			ts.isStringLiteral(node.moduleSpecifier)
		) {
			found.push(node.moduleSpecifier.text);
		} else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
			const [argument] = node.arguments;
			if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
		} else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
			found.push(node.argument.literal.text);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

export type ImportGraph = Map<string, Set<string>>;

/** The files of `dir` and, for each, the files of `dir` it imports (paths relative to the repository). */
export function importGraph(dir: string = sourceDir): ImportGraph {
	const files = sourceFiles(dir);
	const known = new Set(files);
	const graph: ImportGraph = new Map();
	for (const file of files) {
		const targets = new Set<string>();
		for (const specifier of specifiersOf(file)) {
			const target = resolveSpecifier(file, specifier, known);
			if (target) targets.add(relative(root, target));
		}
		graph.set(relative(root, file), targets);
	}
	return graph;
}

/** Strongly connected components of more than one file, or of a file importing itself (Tarjan). */
export function circles(graph: ImportGraph): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	let next = 0;
	const connect = (file: string): void => {
		index.set(file, next);
		low.set(file, next);
		next++;
		stack.push(file);
		onStack.add(file);
		for (const target of graph.get(file) ?? []) {
			if (!index.has(target)) {
				connect(target);
				low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
			} else if (onStack.has(target)) {
				low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
			}
		}
		if (low.get(file) !== index.get(file)) return;
		const component: string[] = [];
		let member: string;
		do {
			member = stack.pop() as string;
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		if (component.length > 1 || graph.get(file)?.has(file)) found.push(component.sort());
	};
	for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
	return found;
}

/** One loop through a component, as `a → b → … → a`, found breadth-first so it is a shortest one. */
function loopThrough(graph: ImportGraph, component: readonly string[]): string[] {
	const members = new Set(component);
	const start = component[0] as string;
	const cameFrom = new Map<string, string>();
	const queue = [start];
	while (queue.length > 0) {
		const file = queue.shift() as string;
		for (const target of graph.get(file) ?? []) {
			if (!members.has(target)) continue;
			if (target === start) {
				const path = [file];
				while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
				return [...path, start];
			}
			if (!cameFrom.has(target)) {
				cameFrom.set(target, file);
				queue.push(target);
			}
		}
	}
	return [...component];
}

/** The top-level folder (or file) of `src/` a path belongs to: `services`, `env.ts`… */
function layerOf(path: string): string {
	return path.split("/")[1] ?? path;
}

export function forbiddenEdges(graph: ImportGraph, rules: Record<string, readonly string[]> = allowedImports): string[] {
	const problems: string[] = [];
	for (const [file, targets] of graph) {
		const layer = layerOf(file);
		const allowed = rules[layer];
		if (allowed === undefined) {
			problems.push(`${file}: ${layer} has no rule (say what it may import in allowedImports, scripts/check-import-cycles.ts)`);
			continue;
		}
		for (const target of targets) {
			const targetLayer = layerOf(target);
			if (targetLayer !== layer && !allowed.includes(targetLayer))
				problems.push(`${file} → ${target} (${layer} must not import from ${targetLayer})`);
		}
	}
	return problems.sort();
}

function main(): void {
	const graph = importGraph();
	const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
	const found = circles(graph);
	const problems = [...forbiddenEdges(graph), ...harnessEdges(toolingGraph())];
	for (const component of found) {
		console.error(`import circle of ${component.length} files: ${loopThrough(graph, component).join(" → ")}`);
		if (component.length > 2) console.error(`  all of them: ${component.join(", ")}`);
	}
	for (const problem of problems) console.error(`layering: ${problem}`);
	if (found.length > 0 || problems.length > 0) {
		console.error(
			`${found.length} import circle(s) in src/, ${problems.length} forbidden import(s) (src/: ${graph.size} files, ${edges} imports).`,
		);
		process.exit(1);
	}
	console.log(
		`No import circles and no forbidden imports in src/ (${graph.size} files, ${edges} imports), and test/harness/ is the only way between test/ and scripts/ or bench/.`,
	);
}

/**
 * The test harness rule (docs/testing.md): tests, scripts and the bench share their machinery
 * (dev servers, Chromium, prepared state, seeds) through `test/harness/`, in one direction.
 * `test/` imports nothing from `scripts/`; `scripts/` and `bench/` import from `test/` only
 * `test/harness/`; and the harness imports no test, so a script never drags a test file in.
 */
export function harnessEdges(graph: ImportGraph): string[] {
	const under = (path: string, folder: string) => path.startsWith(`${folder}/`);
	const problems: string[] = [];
	for (const [file, targets] of graph) {
		for (const target of targets) {
			if (under(file, "test") && under(target, "scripts")) {
				problems.push(`${file} → ${target} (test/ must not import from scripts/: move what both need to test/harness/)`);
			} else if ((under(file, "scripts") || under(file, "bench")) && under(target, "test") && !under(target, "test/harness")) {
				problems.push(`${file} → ${target} (${file.split("/")[0]}/ imports from test/ only what test/harness/ holds)`);
			} else if (
				under(file, "test/harness") &&
				under(target, "test") &&
				!under(target, "test/harness") &&
				!under(target, "test/fixtures")
			) {
				problems.push(`${file} → ${target} (test/harness/ must not import a test)`);
			}
		}
	}
	return problems.sort();
}

/** The imports between test/, scripts/ and bench/ (and from them into src/), paths relative to the repository. */
export function toolingGraph(): ImportGraph {
	const files = ["test", "scripts", "bench", "src"].flatMap((folder) => sourceFiles(join(root, folder)));
	const known = new Set(files);
	const graph: ImportGraph = new Map();
	for (const file of files) {
		if (relative(root, file).startsWith("src/")) continue;
		const targets = new Set<string>();
		for (const specifier of specifiersOf(file)) {
			const target = resolveSpecifier(file, specifier, known);
			if (target) targets.add(relative(root, target));
		}
		graph.set(relative(root, file), targets);
	}
	return graph;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
