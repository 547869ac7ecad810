/**
 * A tool's zod schema as the JSON Schema `tools/list` sends: draft 2020-12 (MCP's default
 * dialect, so no `$schema`; a schema with an id under `$defs`), and only spellings
 * every client maps (the MCP Inspector's `--strict` portability checks, docs/mcp.md): no `type`
 * arrays (a single-type dialect such as Gemini's drops them) and no schema that constrains
 * nothing (`{}`): an open object's values are `additionalProperties: true`.
 */
import { z } from "zod";

type JsonSchema = { [keyword: string]: unknown };

/** Keywords whose value is a map of subschemas, a list of them, or one. */
const schemaMaps = ["properties", "$defs", "patternProperties", "dependentSchemas"];
const schemaLists = ["anyOf", "oneOf", "allOf", "prefixItems"];
const schemaValues = ["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"];

/** What makes a schema constrain its value (the Inspector's list, less the rarely used ones). */
const constraining = new Set([
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
	"format",
	"minimum",
	"maximum",
	"minLength",
	"maxLength",
	"minItems",
	"maxItems",
	"required",
]);

function isSchema(value: unknown): value is JsonSchema {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Any JSON value, spelled so each branch has one type. */
const anyJsonValue = ["string", "number", "boolean", "object", "array", "null"].map((type) => ({ type }));

function portable(schema: JsonSchema, keyword?: string): JsonSchema | true {
	const node: JsonSchema = { ...schema };
	if (Array.isArray(node.type)) {
		node.anyOf = (node.type as string[]).map((type) => ({ type }));
		delete node.type;
	}
	for (const key of schemaMaps) {
		const map = node[key];
		if (isSchema(map)) node[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, portableChild(sub)]));
	}
	for (const key of schemaLists) {
		const list = node[key];
		if (Array.isArray(list)) node[key] = list.map((sub) => portableChild(sub));
	}
	for (const key of schemaValues) if (isSchema(node[key])) node[key] = portable(node[key] as JsonSchema, key);
	// Neither says anything: every JSON key is a string, and an open object may list no keys.
	if (isSchema(node.properties) && Object.keys(node.properties).length === 0) delete node.properties;
	if (isSchema(node.propertyNames) && Object.keys(node.propertyNames).join() === "type" && node.propertyNames.type === "string") {
		delete node.propertyNames;
	}
	if (Object.keys(node).some((key) => constraining.has(key))) return node;
	// An open object's values: the boolean keyword, not an empty schema.
	if (keyword === "additionalProperties") return true;
	return { ...node, anyOf: anyJsonValue };
}

function portableChild(sub: unknown): unknown {
	return isSchema(sub) ? portable(sub) : sub;
}

/** The JSON Schema of a tool's arguments (`io: "input"`) or its result (`io: "output"`). */
export function toolJsonSchema(schema: z.ZodObject, io: "input" | "output"): JsonSchema {
	const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
	const result = portable(json);
	return result === true ? { type: "object" } : result;
}
