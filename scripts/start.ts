/**
 * `npm start`: applies the migrations to the local D1, seeds the demo workspace (keeping
 * existing data), prints the keys and demo logins, runs `wrangler dev` on :8787, then makes and publishes the
 * demo charts on first start and prints their embed URLs and a first curl.
 *
 *   npm start [-- --persist-to DIR] [--port N]
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Target } from "../test/harness/local/d1.ts";
import { applyMigrations } from "../test/harness/local/d1.ts";
import { ensureDemoCharts } from "../test/harness/local/demo-charts.ts";
import { waitUntilUp } from "../test/harness/local/dev-server.ts";
import { importLibrary, readVegaLibrary } from "../test/harness/local/import-library.ts";
import { seedDemo } from "../test/harness/local/seed.ts";

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
Demo accounts: API key, and the console sign-in (kept in ${join(stateDir, "demo-keys.json")}):
${keys.map((k) => `  ${k.role.padEnd(9)} ${k.plan.padEnd(9)} ${k.accountId.padEnd(18)} ${k.key}\n  ${"".padEnd(38)} sign in: ${k.email} / ${k.password}`).join("\n")}

  The demo passwords are fixed, printed local demo data: never reuse them. Sign in with
  POST ${base}/auth/sign-in (the Free account's session works on /v1 too; its key gets 403).
`);

const wrangler = spawn(
	join("node_modules", ".bin", "wrangler"),
	// The embed host follows the port, so printed embed URLs open whatever port is used.
	// Linked data may read a CSV served on this machine (LINKED_DATA_ALLOW_PRIVATE), and the Cron
	// Trigger's run is exposed at /__scheduled: wrangler dev does not fire crons itself, so this
	// script calls it every minute below.
	[
		"dev",
		"--port",
		port,
		"--var",
		`EMBED_BASE:${base}/embed`,
		"--var",
		"LINKED_DATA_ALLOW_PRIVATE:true",
		// Invitation and password-reset mail goes to the local outbox (GET /auth/outbox, the console's /outbox).
		"--var",
		"MAIL_OUTBOX:local",
		"--test-scheduled",
		...(persistTo ? ["--persist-to", persistTo] : []),
	],
	{ stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => wrangler.kill(signal));
wrangler.on("exit", (code) => process.exit(code ?? 0));

await waitUntilUp(base, wrangler, () => "(wrangler's output is above)");
// The schedule, as Cloudflare runs it once deployed: linked charts and library re-imports are followed every minute.
setInterval(() => void fetch(`${base}/__scheduled?cron=*+*+*+*+*`).catch(() => undefined), 60_000).unref();
const charts = await ensureDemoCharts(base, editor?.key ?? "").catch((error: unknown) => {
	// The API still serves; say what failed rather than stopping it.
	console.error(`Could not make the demo charts: ${error instanceof Error ? error.message : String(error)}`);
	return [];
});
console.log(`
Charts in the demo newsroom (live embeds open in a browser):
${charts
	.slice(0, 10)
	.map((c) => `  ${c.name.padEnd(28)} ${c.embedUrl ?? "(not published)"}`)
	.join("\n")}${charts.length > 10 ? `\n  … and ${charts.length - 10} more (GET /v1/charts)` : ""}

Try:
  export CHARTS_KEY=${editor?.key}
  curl -s -X POST ${base}/v1/charts -H "Authorization: Bearer $CHARTS_KEY" -H "Content-Type: application/json" \\
       -d '{"kind":"horizontal-bar","data":"party,seats\\nGreens,19\\nLabour,38\\n","meta":{"title":"My first chart"}}'
  curl -s -X POST ${base}/v1/charts/ch_…/publish -H "Authorization: Bearer $CHARTS_KEY"    # the id printed above
  curl -s ${base}/v1/charts -H "Authorization: Bearer $CHARTS_KEY"

Or with a session, as the console does (writes also send the csrfToken the sign-in answers):
  curl -s -c charts.cookies -X POST ${base}/auth/sign-in -H "Content-Type: application/json" \
       -d '{"email":"${editor?.email}","password":"${editor?.password}"}'
  curl -s -b charts.cookies ${base}/v1/charts

The console: open ${base} and sign in as ${editor?.email} / ${editor?.password}
  (or teammate@demo.test / free@demo.test, passwords above). Charts made with the curl lines
  above appear in its list and open in its editor.

API reference: ${base}/v1/openapi.json
`);
