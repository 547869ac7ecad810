/**
 * What `tools/list` costs a model's context and whether every client can read it: the whole
 * answer under 15 KB (the bytes of the JSON-RPC result, as sent), every description short, and
 * every schema in the spellings the MCP Inspector's `--strict` portability checks accept (no
 * `type` arrays, no schema that constrains nothing, no reference outside the schema).
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { base } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface ListedTool {
	name: string;
	description: string;
	inputSchema: Record<string, unknown>;
	outputSchema?: Record<string, unknown>;
}

async function toolsList(key: string): Promise<{ bytes: number; tools: ListedTool[] }> {
	const res = await exports.default.fetch(
		new Request(`${base}/mcp`, {
			method: "POST",
			headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
			body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
		}),
	);
	expect(res.status).toBe(200);
	const answer = (await res.json()) as { result: { tools: ListedTool[] } };
	return { bytes: new TextEncoder().encode(JSON.stringify(answer.result)).byteLength, tools: answer.result.tools };
}

const constraining = [
	"type",
	"enum",
	"const",
	"anyOf",
	"oneOf",
	"allOf",
	"not",
	"$ref",
	"properties",
	"items",
	"additionalProperties",
	"pattern",
];
const subschemaMaps = ["properties", "$defs", "patternProperties"];
const subschemaLists = ["anyOf", "oneOf", "allOf", "prefixItems"];
const subschemaValues = ["items", "additionalProperties", "not", "propertyNames"];

/** The Inspector's portability findings of one schema, as "path: problem". */
function portabilityProblems(schema: unknown, path: string, keyword?: string): string[] {
	if (typeof schema === "boolean") return keyword === "additionalProperties" || keyword === "items" ? [] : [`${path}: a bare boolean`];
	if (typeof schema !== "object" || schema === null) return [];
	const node = schema as Record<string, unknown>;
	const problems: string[] = [];
	if (Array.isArray(node.type)) problems.push(`${path}: type is an array`);
	if (typeof node.$ref === "string" && !node.$ref.startsWith("#")) problems.push(`${path}: $ref outside the schema`);
	if (keyword !== "not" && !Object.keys(node).some((key) => constraining.includes(key))) problems.push(`${path}: constrains nothing`);
	for (const key of subschemaMaps) {
		for (const [name, sub] of Object.entries((node[key] ?? {}) as Record<string, unknown>))
			problems.push(...portabilityProblems(sub, `${path}.${key}.${name}`));
	}
	for (const key of subschemaLists) {
		for (const [i, sub] of ((node[key] ?? []) as unknown[]).entries()) problems.push(...portabilityProblems(sub, `${path}.${key}[${i}]`));
	}
	for (const key of subschemaValues) if (key in node) problems.push(...portabilityProblems(node[key], `${path}.${key}`, key));
	return problems;
}

describe("MCP tools/list", () => {
	it("is under 15 KB whole, with every description at most 200 characters", async () => {
		const { key } = await makeAccount();
		const { bytes, tools } = await toolsList(key);
		expect(tools.length).toBe(23);
		expect(bytes).toBeLessThan(15 * 1024);
		for (const tool of tools) expect(tool.description.length, tool.name).toBeLessThanOrEqual(200);
	});

	it("holds only portable schemas: no type arrays, nothing unconstrained, no outside references", async () => {
		const { key } = await makeAccount();
		const { tools } = await toolsList(key);
		const problems = tools.flatMap((tool) => [
			...portabilityProblems(tool.inputSchema, `${tool.name}.inputSchema`),
			...portabilityProblems(tool.outputSchema, `${tool.name}.outputSchema`),
		]);
		expect(problems).toEqual([]);
		// Nullable ids are spelled as anyOf branches, not ["string", "null"].
		const propertiesOf = (name: string) =>
			(tools.find((tool) => tool.name === name)?.inputSchema.properties ?? {}) as Record<string, unknown>;
		expect(propertiesOf("move_chart").folderId).toMatchObject({
			anyOf: [{ type: "string" }, { type: "null" }],
		});
		// The settings are an open object, described behind get_settings_schema.
		expect(propertiesOf("create_chart").meta).toMatchObject({ type: "object", additionalProperties: true });
	});
});
