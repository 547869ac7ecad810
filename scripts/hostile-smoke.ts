/**
 * `npm run smoke:hostile`: the hardening reproducers (oversized, deep, hostile and malformed
 * inputs) against a real, throwaway `wrangler dev`, as a user on a fresh `npm start` would send
 * them. Each line prints the answer; the run fails if any answer is a 5xx or not the expected
 * status. The same cases run as integration tests inside workerd; this checks the real runtime
 * (its memory limit, `eval` rules, headers on the wire).
 */
import { createAccount, createKey } from "../test/harness/local/admin-ops.ts";
import { startDevServer } from "../test/harness/local/dev-server.ts";

interface Case {
	name: string;
	run: (api: Api) => Promise<Response>;
	expect: number;
}

type Api = (method: string, path: string, body?: string, contentType?: string) => Promise<Response>;

function rows(count: number, row: (i: number) => string, header: string): string {
	const out = [header];
	for (let i = 0; i < count; i++) out.push(row(i));
	return `${out.join("\n")}\n`;
}

async function chartWith(api: Api, kind: string, csv: string, meta: object = {}): Promise<string> {
	const created = await api("POST", "/v1/charts", JSON.stringify({ kind, meta }));
	const { id } = (await created.json()) as { id: string };
	const loaded = await api("PUT", `/v1/charts/${id}/data`, csv, "text/csv");
	if (!loaded.ok) throw new Error(`loading ${kind} data answered ${loaded.status}: ${await loaded.text()}`);
	return id;
}

/** A chart of `kind` with `csv`, exported; `path` is the format and any query, e.g. `png?scale=4`. */
async function exported(api: Api, kind: string, csv: string, path: string, meta: object = {}): Promise<Response> {
	return api("GET", `/v1/charts/${await chartWith(api, kind, csv, meta)}/export/${path}`);
}

const day = (i: number) => new Date(Date.UTC(1600, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

const cases: Case[] = [
	...["svg", "png", "pdf"].map((format) => ({
		name: `150,000-row line chart, ${format}`,
		expect: 200,
		run: (api: Api) =>
			exported(
				api,
				"line",
				rows(150_000, (i) => `${day(i)},${i % 977},${(i * 7) % 1000}`, "date,a,b"),
				format,
			),
	})),
	{
		name: "150,000-row line chart, publish",
		expect: 200,
		run: async (api) => {
			const id = await chartWith(
				api,
				"line",
				rows(150_000, (i) => `${day(i)},${i % 977}`, "date,a"),
			);
			return api("POST", `/v1/charts/${id}/publish`);
		},
	},
	{
		name: "200,000-point scatter, png",
		expect: 200,
		run: async (api) =>
			exported(
				api,
				"scatter",
				rows(200_000, (i) => `${i % 1013},${(i * 7) % 997}`, "x,y"),
				"png",
			),
	},
	{
		name: "sankey chain of 10,000 links, upload",
		expect: 200,
		run: async (api) => {
			const created = await api("POST", "/v1/charts", JSON.stringify({ kind: "sankey" }));
			const { id } = (await created.json()) as { id: string };
			return api(
				"PUT",
				`/v1/charts/${id}/data`,
				rows(10_000, (i) => `n${i},n${i + 1},1`, "source,target,value"),
				"text/csv",
			);
		},
	},
	{
		name: "map with a CR/LF region, png",
		expect: 200,
		run: async (api) => exported(api, "map", 'country,v\nFRA,1\n"Bad\r\nRegion",2\n', "png"),
	},
	{
		name: "map with 300 unknown regions, svg",
		expect: 200,
		run: async (api) =>
			exported(
				api,
				"map",
				rows(300, (i) => `Nowhere ${i},${i}`, "country,v"),
				"svg",
			),
	},
	{
		name: "map png at 4000×4000 scale 4 (past the pixel budget)",
		expect: 422,
		run: async (api) => exported(api, "map", "country,v\nFRA,1\nDEU,2\n", "png?w=4000&h=4000&scale=4"),
	},
	{
		name: "pie of 50,000 slices, png",
		expect: 200,
		run: async (api) =>
			exported(
				api,
				"pie",
				rows(50_000, (i) => `slice ${i},${(i % 89) + 1}`, "name,v"),
				"png",
			),
	},
	{
		name: "150,000-row candlestick, png",
		expect: 200,
		run: async (api) =>
			exported(
				api,
				"candlestick",
				rows(150_000, (i) => `${day(i)},10,12,8,11,${i % 100}`, "date,open,high,low,close,volume"),
				"png",
			),
	},
	{
		name: "20,000-row radar, svg",
		expect: 200,
		run: async (api) =>
			exported(
				api,
				"radar",
				rows(20_000, (i) => `axis ${i},${i % 50},${i % 30}`, "axis,a,b"),
				"svg",
			),
	},
	{
		name: "control characters in title and cells, png",
		expect: 200,
		run: async (api) => exported(api, "horizontal-bar", "label,v\nx\u0002y,2\nb,3\n", "png", { title: "bell\u0007" }),
	},
	{
		name: "meta nested 5,000 levels (refused)",
		expect: 422,
		run: async (api) => api("POST", "/v1/charts", `{"meta":{"deep":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}}`),
	},
	{
		name: "meta of 900 KB (refused)",
		expect: 422,
		run: async (api) => api("POST", "/v1/charts", JSON.stringify({ meta: { big: "x".repeat(900_000) } })),
	},
	{
		name: "__proto__ title and label, svg",
		expect: 200,
		run: async (api) => exported(api, "horizontal-bar", "label,v\n__proto__,2\nb,3\n", "svg", { title: "__proto__" }),
	},
	{
		name: "after __proto__: a transform still validates",
		expect: 201,
		run: async (api) =>
			api(
				"POST",
				"/v1/charts",
				JSON.stringify({ data: "x,A\n1,2\n", meta: { seriesTransform: { A: { ops: [{ fn: "multiply", args: [2] }] } } } }),
			),
	},
];

const server = await startDevServer(8797);
let failed = 0;
try {
	const { accountId } = await createAccount(server.target, { plan: "business" });
	const { key } = await createKey(server.target, { accountId, scopes: ["chart:read", "chart:write"], name: "smoke" });
	const api: Api = (method, path, body, contentType = "application/json") =>
		fetch(`${server.url}${path}`, {
			method,
			headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": contentType }) },
			body,
		});
	for (const c of cases) {
		const started = performance.now();
		let status: number | string;
		let note = "";
		try {
			const res = await c.run(api);
			status = res.status;
			const warnings = res.headers.get("X-Render-Warnings");
			if (warnings) note = ` X-Render-Warnings: ${warnings.length} bytes`;
			if (res.status >= 400) note += ` ${(await res.text()).slice(0, 160)}`;
			else await res.arrayBuffer();
		} catch (error) {
			status = `error: ${error instanceof Error ? error.message : String(error)}`;
		}
		const ok = status === c.expect;
		if (!ok) failed++;
		console.log(
			`${ok ? "ok  " : "FAIL"} ${c.name}: ${status} (expected ${c.expect}) in ${Math.round(performance.now() - started)} ms${note}`,
		);
	}
} finally {
	await server.stop();
}
if (failed > 0) {
	console.error(`${failed} case(s) failed`);
	process.exit(1);
}
