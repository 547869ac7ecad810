/**
 * Loads a library file into D1, one source per transaction; a source whose content is
 * unchanged since its last import is skipped, so re-running is cheap and idempotent.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "../../../src/domain/ids.ts";
import type { LibraryFile } from "../library/format.ts";
import { LibraryFile as LibraryFileSchema } from "../library/format.ts";
import { importSourceSql } from "../library/import-sql.ts";
import type { VegaFiles } from "../library/vega-datasets.ts";
import { vegaFileNames, vegaLibrary } from "../library/vega-datasets.ts";
import type { Target } from "./d1.ts";
import { execute, query } from "./d1.ts";

export async function readVegaLibrary(): Promise<LibraryFile> {
	const dir = join("node_modules", "vega-datasets", "data");
	const entries = await Promise.all(
		Object.entries(vegaFileNames).map(async ([field, file]) => [field, await readFile(join(dir, file), "utf8")] as const),
	);
	return vegaLibrary(Object.fromEntries(entries) as unknown as VegaFiles);
}

export async function readLibraryFile(path: string): Promise<LibraryFile> {
	const parsed = LibraryFileSchema.safeParse(JSON.parse(await readFile(path, "utf8")));
	if (!parsed.success) {
		const problems = parsed.error.issues.slice(0, 20).map((i) => `  ${i.path.join(".")}: ${i.message}`);
		throw new Error(`${path} is not a valid library file:\n${problems.join("\n")}`);
	}
	return parsed.data;
}

export interface ImportSummary {
	source: string;
	statistics: number;
	observations: number;
	skipped: boolean;
}

/**
 * The statements that bring the library up to `library` over what is stored (source id → content
 * hash: an empty map for a fresh database), and what each source amounts to.
 */
export async function libraryImportPlan(
	library: LibraryFile,
	stored: ReadonlyMap<unknown, unknown>,
	force = false,
): Promise<{ statements: string[]; summaries: ImportSummary[] }> {
	const checked = LibraryFileSchema.parse(library);
	const statements: string[] = [];
	const summaries: ImportSummary[] = [];
	for (const source of checked.sources) {
		const hash = await sha256Hex(JSON.stringify(source));
		const skipped = !force && stored.get(source.id) === hash;
		if (!skipped) statements.push(...importSourceSql(source, hash, Date.now()));
		summaries.push({
			source: source.id,
			statistics: source.statistics.length,
			observations: source.statistics.reduce((n, s) => n + s.observations.length, 0),
			skipped,
		});
	}
	return { statements, summaries };
}

/** One read of the stored hashes, then every changed source in one transaction. */
export async function importLibrary(target: Target, library: LibraryFile, force = false): Promise<ImportSummary[]> {
	const stored = new Map((await query(target, "SELECT id, content_hash FROM library_sources")).map((row) => [row.id, row.content_hash]));
	const { statements, summaries } = await libraryImportPlan(library, stored, force);
	if (statements.length > 0) await execute(target, statements);
	return summaries;
}
