/**
 * `npm start`: applies the migrations to the local D1, seeds the demo workspace (keeping
 * existing data), prints the keys and a first curl, then runs `wrangler dev` on :8787.
 *
 *   npm start [-- --persist-to DIR] [--port N]
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Target } from "./lib/d1.ts";
import { applyMigrations } from "./lib/d1.ts";
import { importLibrary, readVegaLibrary } from "./lib/library.ts";
import { seedDemo } from "./lib/seed.ts";

const { values } = parseArgs({
	args: process.argv.slice(2),
	options: { "persist-to": { type: "string" }, port: { type: "string", default: "8787" } },
});
const persistTo = values["persist-to"];
const target: Target = { remote: false, persistTo };
const stateDir = persistTo ?? ".wrangler/state";
const port = values.port ?? "8787";
const base = `http://localhost:${port}`;

console.log("Applying D1 migrations locally…");
await applyMigrations(target);
console.log("Importing the statistics library…");
for (const s of await importLibrary(target, await readVegaLibrary())) {
	console.log(`  ${s.skipped ? "unchanged" : "imported "} ${s.source} (${s.statistics} statistics)`);
}
console.log("Seeding the demo workspace…");
const keys = await seedDemo(target, join(stateDir, "demo-keys.json"));
const editor = keys.find((k) => k.role === "editor");

console.log(`
Demo keys (kept in ${join(stateDir, "demo-keys.json")}):
${keys.map((k) => `  ${k.role.padEnd(9)} ${k.plan.padEnd(9)} ${k.accountId.padEnd(18)} ${k.key}`).join("\n")}

Try:
  export CHARTS_KEY=${editor?.key}
  curl -s -X POST ${base}/v1/charts -H "Authorization: Bearer $CHARTS_KEY" \\
       -H "Content-Type: application/json" -d '{"kind":"line","meta":{"title":"My first chart"}}'
  curl -s ${base}/v1/charts -H "Authorization: Bearer $CHARTS_KEY"

API reference: ${base}/v1/openapi.json
`);

const wrangler = spawn(
	join("node_modules", ".bin", "wrangler"),
	["dev", "--port", port, ...(persistTo ? ["--persist-to", persistTo] : [])],
	{ stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => wrangler.kill(signal));
wrangler.on("exit", (code) => process.exit(code ?? 0));
