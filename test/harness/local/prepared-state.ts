/**
 * A prepared local state for test servers: migrated, the statistics library imported, the demo
 * workspace seeded (its plain keys in `demo-keys.json`). The browser test runner prepares one
 * per run and names it in CHARTS_TEST_STATE; each `wrangler dev` a test file starts then begins
 * on its own copy (a fresh database for each file, as before) instead of migrating and seeding
 * again with a dozen `wrangler d1` calls.
 */
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Target } from "./d1.ts";
import { applyMigrations, execute } from "./d1.ts";
import { libraryImportPlan, readVegaLibrary } from "./import-library.ts";
import type { DemoKey } from "./seed.ts";
import { freshDemo, seedDemo } from "./seed.ts";

export const preparedStateVar = "CHARTS_TEST_STATE";

function demoKeysFile(persistTo: string): string {
	return join(persistTo, "demo-keys.json");
}

/**
 * Migrates, imports the library and seeds the demo into `persistTo`. The database is fresh, so
 * nothing need be read first: the library and the demo go in one `wrangler d1 execute` after the
 * migrations: two wrangler runs instead of five (importLibrary and seedDemo read, then write).
 */
export async function prepareState(persistTo: string): Promise<DemoKey[]> {
	const target: Target = { remote: false, persistTo };
	await applyMigrations(target);
	const library = await libraryImportPlan(await readVegaLibrary(), new Map());
	const demo = await freshDemo(demoKeysFile(persistTo));
	await execute(target, [...library.statements, ...demo.statements]);
	return demo.keys;
}

/** A fresh copy of the prepared state named by CHARTS_TEST_STATE, or undefined when none is named. */
export async function copyPreparedState(): Promise<string | undefined> {
	const prepared = process.env[preparedStateVar];
	if (!prepared) return undefined;
	if (!existsSync(demoKeysFile(prepared))) throw new Error(`${preparedStateVar}=${prepared} is not a prepared state (no demo-keys.json)`);
	const copy = await mkdtemp(join(tmpdir(), "charts-test-"));
	await cp(prepared, copy, { recursive: true });
	return copy;
}

/** The demo keys of a state copied from a prepared one. */
export async function preparedDemoKeys(persistTo: string): Promise<DemoKey[]> {
	return JSON.parse(await readFile(demoKeysFile(persistTo), "utf8")) as DemoKey[];
}

/** The demo keys of a dev server's state: read when it began on a prepared copy, else seeded into it now. */
export async function demoKeysOf(server: { target: Target; prepared: boolean }): Promise<DemoKey[]> {
	const persistTo = server.target.persistTo ?? "";
	return server.prepared ? preparedDemoKeys(persistTo) : seedDemo(server.target, demoKeysFile(persistTo));
}
