/**
 * The MCP server at /mcp, driven by the SDK's own client over the Worker's fetch:
 * every tool does what the API does with the same key and answers the API's codes as tool
 * errors; scopes, the per-minute limit, 401 and origin checks hold; bad arguments are tool
 * errors, never a 5xx.
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AccountLimiter } from "../../../src/limits/account-limiter";
import { base, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { loadLibrary } from "../../harness/workerd/library";
import { closeMcpClients, connectMcp } from "../../harness/workerd/mcp-client";

beforeAll(loadLibrary);

afterEach(closeMcpClients);

async function tool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
	return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool's success: its structured result, after checking it is no error. */
async function ok<T = Record<string, unknown>>(
	client: Client,
	name: string,
	args: Record<string, unknown> = {},
): Promise<{ data: T; text: string; result: CallToolResult }> {
	const result = await tool(client, name, args);
	expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).not.toBe(true);
	return { data: result.structuredContent as T, text: textOf(result), result };
}

function textOf(result: CallToolResult): string {
	const first = result.content[0];
	return first?.type === "text" ? first.text : "";
}

function mcpPost(
	headers: Record<string, string>,
	body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" },
	method = "POST",
): Promise<Response> {
	return exports.default.fetch(
		new Request(`${base}/mcp`, {
			method,
			headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
			body: method === "POST" ? JSON.stringify(body) : undefined,
		}),
	);
}

function limiterOf(accountId: string): DurableObjectStub<AccountLimiter> {
	return env.ACCOUNT_LIMITER.get(env.ACCOUNT_LIMITER.idFromName(accountId));
}

async function admittedCount(accountId: string): Promise<number> {
	return runInDurableObject(limiterOf(accountId), (_limiter, state) => {
		const row = state.storage.sql.exec("SELECT COUNT(*) AS n FROM admitted").one();
		return Number(row.n);
	});
}

async function useBudget(accountId: string, count: number): Promise<void> {
	await runInDurableObject(limiterOf(accountId), (_limiter, state) => {
		for (let i = 0; i < count; i++) state.storage.sql.exec("INSERT INTO admitted (at) VALUES (?)", Date.now());
	});
}

const seatsCsv = "party,seats\nGreens,12\nLabour,41\n";

describe("MCP: before any MCP exchange", () => {
	it("answers 401 with WWW-Authenticate to no key and to a bad key", async () => {
		const none = await mcpPost({});
		expect(none.status).toBe(401);
		expect(none.headers.get("WWW-Authenticate")).toBe(
			`Bearer realm="charts", resource_metadata="${base}/.well-known/oauth-protected-resource"`,
		);
		expect(((await none.json()) as { error: { code: string } }).error.code).toBe("unauthorized");

		const bad = await mcpPost({ Authorization: `Bearer cs_${"x".repeat(40)}` });
		expect(bad.status).toBe(401);
		expect(bad.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
	});

	it("refuses a browser page of another origin, and admits the service's own", async () => {
		const { key } = await makeAccount();
		const foreign = await mcpPost({ Authorization: `Bearer ${key}`, Origin: "https://evil.example" });
		expect(foreign.status).toBe(403);
		expect(((await foreign.json()) as { error: { message: string } }).error.message).toContain("https://evil.example");
		const own = await mcpPost({ Authorization: `Bearer ${key}`, Origin: new URL(base).origin });
		expect(own.status).toBe(200);
	});

	it("answers a Free account's key 403 plan_required, and GET/DELETE 405 (a stateless server)", async () => {
		const free = await makeAccount({ plan: "free" });
		const refused = await mcpPost({ Authorization: `Bearer ${free.key}` });
		expect(refused.status).toBe(403);
		expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("plan_required");

		const { key } = await makeAccount();
		for (const method of ["GET", "DELETE"]) {
			const res = await mcpPost({ Authorization: `Bearer ${key}` }, undefined, method);
			expect(res.status).toBe(405);
			expect(res.headers.get("Allow")).toBe("POST");
		}
	});

	it("answers a body that is not JSON with a JSON-RPC parse error, not a 5xx", async () => {
		const { key } = await makeAccount();
		const res = await exports.default.fetch(
			new Request(`${base}/mcp`, {
				method: "POST",
				headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
				body: "{not json",
			}),
		);
		expect(res.status).toBe(400);
		expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
	});
});

describe("MCP tools", () => {
	it("lists the tools, each with an output schema; delete_chart and unpublish_chart are marked destructive", async () => {
		const { key } = await makeAccount();
		const { tools } = await (await connectMcp(key)).listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(
			[
				"check_chart_colors",
				"copy_chart",
				"create_chart",
				"create_folder",
				"delete_chart",
				"export_chart",
				"get_chart",
				"get_settings_schema",
				"link_chart_data",
				"list_charts",
				"list_folders",
				"list_members",
				"list_activity",
				"list_sources",
				"list_themes",
				"list_versions",
				"move_chart",
				"publish_chart",
				"refresh_chart_data",
				"restore_version",
				"search_statistics",
				"unpublish_chart",
				"update_chart",
			].sort(),
		);
		for (const t of tools) expect(t.outputSchema?.type, t.name).toBe("object");
		for (const name of ["delete_chart", "unpublish_chart"])
			expect(tools.find((t) => t.name === name)?.annotations?.destructiveHint).toBe(true);
		expect(tools.find((t) => t.name === "get_chart")?.annotations?.readOnlyHint).toBe(true);
		expect(tools.find((t) => t.name === "update_chart")?.annotations).toEqual({ destructiveHint: false, idempotentHint: true });
		const create = tools.find((t) => t.name === "create_chart");
		expect(Object.keys(create?.inputSchema.properties ?? {}).sort()).toEqual([
			"columns",
			"data",
			"folderId",
			"kind",
			"meta",
			"rows",
			"series",
		]);
	});

	it("finds a statistic, charts it, and the chart is the API's like any other", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const found = await ok<{ statistics: { id: string; seriesName: string }[] }>(client, "search_statistics", {
			search: "life expectancy china",
		});
		const statistic = found.data.statistics[0];
		expect(statistic?.seriesName).toBe("China");
		expect(found.text).toContain(statistic?.id);

		const created = await ok<{ id: string; kind: string; hasData: boolean }>(client, "create_chart", {
			kind: "line",
			series: [{ statistic: statistic?.id }],
			meta: { title: "Life expectancy" },
		});
		expect(created.data.hasData).toBe(true);
		expect(created.text).toBe(
			`Created 'Life expectancy' (${created.data.id}), a line chart of 1 library series. Edit it at ${base}/charts/${created.data.id}`,
		);

		const stored = await callJson<{ name: string; series: string[] }>(key, "GET", `/v1/charts/${created.data.id}`);
		expect(stored.status).toBe(200);
		expect(stored.body).toMatchObject({ name: "Life expectancy", series: ["China"] });
	});

	it("lists sources and a dimension's values", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const { data } = await ok<{ sources: { id: string; dimensions: { id: string }[] }[] }>(client, "list_sources");
		const source = data.sources.find((s) => s.dimensions.length > 0);
		expect(source).toBeDefined();
		const values = await ok<{ values: { id: string }[] }>(client, "list_sources", {
			source: source?.id,
			dimension: source?.dimensions[0]?.id,
		});
		expect(values.data.values.length).toBeGreaterThan(0);
		const half = await tool(client, "list_sources", { source: source?.id });
		expect(half.isError).toBe(true);
		expect(textOf(half)).toMatch(/^invalid_query: /);
	});

	it("creates from CSV, updates (meta patch and new data), reads, lists, copies, publishes and deletes", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const folder = await callJson<{ id: string }>(key, "POST", "/v1/folders", { body: { name: "Elections" } });
		const created = await ok<{ id: string }>(client, "create_chart", {
			kind: "horizontal-bar",
			data: seatsCsv,
			meta: { title: "Seats by party", sort: "descending" },
			folderId: folder.body.id,
		});
		const id = created.data.id;
		expect(created.text).toBe(`Created 'Seats by party' (${id}), a bar chart from your CSV data. Edit it at ${base}/charts/${id}`);
		expect(created.data).toMatchObject({ id, editUrl: `${base}/charts/${id}` });

		const updated = await ok<{ version: number; meta: Record<string, unknown> }>(client, "update_chart", {
			id,
			meta: { subtitle: "2026", sort: null },
		});
		expect(updated.data.meta).toMatchObject({ title: "Seats by party", subtitle: "2026" });
		expect(updated.data.meta.sort).toBeUndefined();
		const reloaded = await ok<{ series: string[]; version: number }>(client, "update_chart", {
			id,
			data: "party,seats,votes\nGreens,12,9\nLabour,41,33\n",
			meta: { title: "Seats and votes" },
		});
		expect(reloaded.data.series).toEqual(["seats", "votes"]);
		// New data and new settings in one version.
		expect(reloaded.data.version).toBe(updated.data.version + 1);

		const read = await ok<{ name: string }>(client, "get_chart", { id });
		expect(read.data.name).toBe("Seats and votes");
		expect(read.text).toContain("a bar chart of 2 series (seats; votes)");

		const listed = await ok<{ charts: { id: string; editUrl: string }[] }>(client, "list_charts", {
			search: "votes",
			folderId: folder.body.id,
		});
		expect(listed.data.charts.map((c) => [c.id, c.editUrl])).toEqual([[id, `${base}/charts/${id}`]]);
		const folders = await ok<{ folders: { id: string }[] }>(client, "list_folders");
		expect(folders.data.folders.map((f) => f.id)).toEqual([folder.body.id]);

		const copy = await ok<{ id: string; name: string }>(client, "copy_chart", { id, meta: { title: "Copy of seats" } });
		expect(copy.data.name).toBe("Copy of seats");
		expect((await callJson(key, "GET", `/v1/charts/${copy.data.id}`)).status).toBe(200);

		const published = await ok<{ embedUrl: string; iframe: string; editUrl: string }>(client, "publish_chart", { id });
		expect(published.data.embedUrl).toContain(id);
		expect(published.data.editUrl).toBe(`${base}/charts/${id}`);
		const chart = await callJson<{ published: { embedUrl: string } | null }>(key, "GET", `/v1/charts/${id}`);
		expect(chart.body.published?.embedUrl).toBe(published.data.embedUrl);
		const embed = await exports.default.fetch(new Request(published.data.embedUrl));
		expect(embed.status).toBe(200);

		const deleted = await ok<{ deleted: boolean }>(client, "delete_chart", { id: copy.data.id });
		expect(deleted.data.deleted).toBe(true);
		expect((await callJson(key, "GET", `/v1/charts/${copy.data.id}`)).status).toBe(404);
	});

	it("exports PNG as a chat-sized image, SVG as that image plus the file, PDF and CSV as files, each with the URL", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const { data } = await ok<{ id: string }>(client, "create_chart", { kind: "horizontal-bar", data: seatsCsv, meta: { title: "Seats" } });
		const url = `${base}/v1/charts/${data.id}/export`;

		const png = await ok<{ url: string; embedded: boolean }>(client, "export_chart", { id: data.id, format: "png" });
		const image = png.result.content.find((part) => part.type === "image");
		if (image?.type !== "image") throw new Error("no image content");
		expect(image.mimeType).toBe("image/png");
		const bytes = Uint8Array.from(atob(image.data), (c) => c.charCodeAt(0));
		const width = new DataView(bytes.buffer).getUint32(16);
		expect(width).toBe(800);
		expect(png.data).toMatchObject({ url: `${url}/png`, embedded: true });
		expect(png.text).toContain(`${url}/png`);

		const svg = await ok(client, "export_chart", { id: data.id, format: "svg", mode: "dark" });
		expect(svg.result.content.map((part) => part.type)).toEqual(["text", "image", "resource"]);
		const svgFile = svg.result.content[2];
		if (svgFile?.type !== "resource" || !("text" in svgFile.resource)) throw new Error("no SVG file");
		expect(svgFile.resource.mimeType).toBe("image/svg+xml");
		expect(svgFile.resource.text).toMatch(/^<svg/);
		expect(svg.text).toContain(`${url}/svg?mode=dark`);

		const pdf = await ok(client, "export_chart", { id: data.id, format: "pdf" });
		const pdfFile = pdf.result.content[1];
		if (pdfFile?.type !== "resource" || !("blob" in pdfFile.resource)) throw new Error("no PDF file");
		expect(atob(pdfFile.resource.blob).slice(0, 5)).toBe("%PDF-");

		const csv = await ok(client, "export_chart", { id: data.id, format: "csv" });
		const csvFile = csv.result.content[1];
		if (csvFile?.type !== "resource" || !("text" in csvFile.resource)) throw new Error("no CSV file");
		expect(csvFile.resource.text).toContain("Greens");
	});

	it("lists themes and describes the settings, whole or one section", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const themes = await ok<{ themes: { id: string; is_default: boolean }[] }>(client, "list_themes");
		expect(themes.data.themes.some((theme) => theme.is_default)).toBe(true);
		const whole = await ok<{ sections: string[]; schema: { properties: Record<string, unknown> } }>(client, "get_settings_schema");
		expect(whole.data.sections).toContain("title");
		expect(Object.keys(whole.data.schema.properties)).toEqual(whole.data.sections);
		const legend = await ok<{ section: string; schema: Record<string, unknown> }>(client, "get_settings_schema", {
			section: "seriesTransform",
		});
		expect(legend.data.section).toBe("seriesTransform");
		expect(legend.data.schema.type).toBe("object");
		const unknown = await tool(client, "get_settings_schema", { section: "nope" });
		expect(unknown.isError).toBe(true);
		expect(textOf(unknown)).toMatch(/^invalid_query: No setting "nope"/);
	});
});

describe("MCP: the API's rules", () => {
	it("a read-only key cannot write: a tool error with the API's code, and nothing stored", async () => {
		const { key, workspaceId } = await makeAccount({ scopes: ["chart:read"] });
		const client = await connectMcp(key);
		const refused = await tool(client, "create_chart", { data: seatsCsv, meta: { title: "Should not exist" } });
		expect(refused.isError).toBe(true);
		expect(textOf(refused)).toMatch(/^forbidden: This API key lacks the scope chart:write/);
		const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM charts WHERE workspace_id = ?").bind(workspaceId).first<number>("n");
		expect(stored).toBe(0);
		const listed = await ok<{ charts: unknown[] }>(client, "list_charts");
		expect(listed.data.charts).toEqual([]);
	});

	it("counts each tool call as one request of the account's limit, and the protocol's own messages as none", async () => {
		const { key, accountId } = await makeAccount();
		const client = await connectMcp(key);
		await client.listTools();
		const before = await admittedCount(accountId);
		await ok(client, "list_charts");
		await ok(client, "get_settings_schema", { section: "title" });
		await client.listTools();
		expect(await admittedCount(accountId)).toBe(before + 2);
	});

	it("turns a 429 into a tool error saying how long to wait, for API-backed tools and the schema alike", async () => {
		const { key, accountId } = await makeAccount();
		const client = await connectMcp(key);
		await useBudget(accountId, 600);
		for (const [name, args] of [
			["list_charts", {}],
			["create_chart", { data: seatsCsv }],
			["get_settings_schema", {}],
		] as const) {
			const result = await tool(client, name, args);
			expect(result.isError, name).toBe(true);
			expect(textOf(result), name).toMatch(
				/^rate_limited: This account has used its 600 requests for the last minute\. Retry after \d+ s\. Wait \d+ seconds? before calling this tool again\.$/,
			);
			expect(result._meta?.retryAfterSeconds, name).toBeGreaterThan(0);
		}
		const stored = await callJson<{ charts: unknown[] }>(key, "GET", "/v1/charts");
		expect(stored.status).toBe(429);
	});

	it("answers bad arguments and refused input as tool errors, never a 5xx", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const cases: [string, Record<string, unknown>, RegExp][] = [
			["create_chart", { kind: "pie-chart" }, /^invalid_body: kind: "pie-chart" is not a chart kind; did you mean "pie"\?$/],
			[
				"create_chart",
				{ kind: "bar" },
				/^invalid_body: kind: "bar" is not a chart kind; did you mean "horizontal-bar" \(or with meta\.orientation "vertical" for columns\)\?$/,
			],
			["create_chart", { data: 42 }, /^invalid_body: data: expected string, got 42\.$/],
			["get_chart", {}, /^invalid_body: id is required \(string\)\.$/],
			[
				"get_chart",
				{ id: "." },
				/^invalid_body: id: "\." is not a chart id: a chart id is ch_ followed by 1–64 letters, digits, _ or -\.$/,
			],
			["create_chart", { folderId: ".." }, /^invalid_body: folderId: "\.\." is not a folder id: /],
			["create_chart", { kind: "line", data: "year,China\n2000,71.4\n2005,7l.9\n" }, /^invalid_data: /],
			[
				"create_chart",
				{ data: seatsCsv, series: [{ statistic: "x" }] },
				/^invalid_body: Give one of data \(CSV\), rows \(JSON rows\) or series/,
			],
			["create_chart", { series: [{ statistic: "no-such-statistic" }] }, /^invalid_series: /],
			["create_chart", { data: seatsCsv, meta: { theme: "no-such-theme" } }, /^invalid_theme: /],
			["get_chart", { id: "ch_missing" }, /^not_found: /],
			["update_chart", { id: "ch_missing", meta: { title: "x" } }, /^not_found: /],
			["update_chart", { id: "ch_missing" }, /^invalid_body: Nothing to change/],
			[
				"export_chart",
				{ id: "ch_missing", format: "gif" },
				/^invalid_body: format: "gif" is not allowed; use one of "png", "svg", "pdf", "csv"\.$/,
			],
			["publish_chart", { id: "ch_missing" }, /^not_found: /],
			["list_charts", { folderId: "fo_missing" }, /^invalid_folder: /],
		];
		for (const [name, args, expected] of cases) {
			const result = await tool(client, name, args);
			expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
			expect(textOf(result), `${name} ${JSON.stringify(args)}`).toMatch(expected);
			// One sentence, never the validator's dump or a JSON-RPC code.
			expect(textOf(result)).not.toMatch(/-32602|\[\s*\{|"code":/);
		}
	});
});

describe("MCP prompts and resources", () => {
	it("offers the chart-from-data prompt and reads the settings schema, the layouts and a chart's data", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const prompt = await client.getPrompt({ name: "chart-from-data", arguments: { data: seatsCsv, goal: "seats by party" } });
		const message = prompt.messages[0]?.content;
		expect(message?.type === "text" ? message.text : "").toContain("create_chart");

		const schema = await client.readResource({ uri: "charts://schema/meta" });
		const schemaText = schema.contents[0] && "text" in schema.contents[0] ? schema.contents[0].text : "";
		expect(JSON.parse(schemaText).title).toBe("Chart settings (meta)");
		const layouts = await client.readResource({ uri: "charts://data-layouts" });
		expect(layouts.contents[0] && "text" in layouts.contents[0] ? layouts.contents[0].text : "").toContain("## sankey");

		const { data } = await ok<{ id: string }>(client, "create_chart", { kind: "horizontal-bar", data: seatsCsv });
		const chartData = await client.readResource({ uri: `charts://charts/${data.id}/data` });
		expect(chartData.contents[0] && "text" in chartData.contents[0] ? chartData.contents[0].text : "").toContain("Labour");
		await expect(client.readResource({ uri: "charts://charts/ch_missing/data" })).rejects.toThrow(/not_found/);
	});
});
