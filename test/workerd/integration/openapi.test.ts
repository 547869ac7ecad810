import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { consoleRoutes } from "../../../src/api/console/routes";
import { apiRoutes } from "../../../src/api/routes";
import { callJson } from "../../harness/workerd/api";

interface OpenApiDocument {
	info: { contact?: { name?: string; url?: string }; license?: { name?: string; identifier?: string; url?: string } };
	servers: { url: string }[];
	tags?: { name: string; description?: string }[];
	paths: Record<string, Record<string, Operation & { tags: string[]; responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

async function documentAt(url: string): Promise<OpenApiDocument> {
	const res = await exports.default.fetch(new Request(url));
	expect(res.status).toBe(200);
	return (await res.json()) as OpenApiDocument;
}

interface Operation {
	responses: Record<string, { description: string }>;
	requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
	"x-required-scope"?: string;
	security?: unknown[];
}

describe("GET /v1/openapi.json", () => {
	it("documents every route with its scope, body and errors", async () => {
		const res = await callJson<{
			openapi: string;
			paths: Record<string, Record<string, Operation>>;
			components: { schemas: Record<string, unknown> };
		}>(null, "GET", "/v1/openapi.json");
		expect(res.status).toBe(200);
		expect(res.body.openapi).toBe("3.1.0");
		for (const route of apiRoutes) {
			const path = route.path.replace(/:([A-Za-z]+)/g, "{$1}");
			const operation = res.body.paths[path]?.[route.method.toLowerCase()];
			expect(operation, `${route.method} ${path}`).toBeDefined();
			if (route.access !== "public" && route.access !== "key") expect(operation?.["x-required-scope"]).toBe(route.access);
			if (route.access !== "public") {
				expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(["401", "403", "429", "503"]));
				expect(operation?.responses["503"]?.description).toContain("service_unavailable");
			}
		}
		const create = res.body.paths["/v1/charts"]?.post;
		expect(create?.responses["201"]).toBeDefined();
		expect(create?.responses["422"]?.description).toContain("invalid_kind");
		expect(JSON.stringify(create?.requestBody)).toContain("#/components/schemas/CreateChart");
		expect(res.body.components.schemas).toHaveProperty("Chart");
		expect(res.body.components.schemas).toHaveProperty("Error");
		expect(res.body.paths["/v1/openapi.json"]?.get?.security).toEqual([]);
		const copy = res.body.paths["/v1/charts/{id}/copy"]?.post as Operation & { requestBody?: { required?: boolean } };
		expect(copy.requestBody?.required).toBe(false);
		expect(create?.requestBody).toMatchObject({ required: true });
	});

	it("documents each export format's own media type, and the 304 a held ETag gets", async () => {
		const document = await documentAt("http://localhost:8787/v1/openapi.json");
		const exported = document.paths["/v1/charts/{id}/export/{format}"]?.get;
		expect(Object.keys(exported?.responses["200"]?.content ?? {})).toEqual(["image/png", "image/svg+xml", "application/pdf", "text/csv"]);
		expect(exported?.responses["304"]).toBeDefined();
		expect(JSON.stringify(document)).not.toContain("application/octet-stream");
	});

	it("types the path parameters a generated client needs typed: the export format as an enum, a version as an integer", async () => {
		const document = (await documentAt("http://localhost:8787/v1/openapi.json")) as unknown as {
			paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: Record<string, unknown> }[] }>>;
		};
		const pathParam = (path: string, method: string, name: string) =>
			document.paths[path]?.[method]?.parameters?.find((parameter) => parameter.in === "path" && parameter.name === name)?.schema;
		expect(pathParam("/v1/charts/{id}/export/{format}", "get", "format")).toMatchObject({
			type: "string",
			enum: ["png", "svg", "pdf", "csv"],
		});
		for (const [path, method] of [
			["/v1/charts/{id}/versions/{n}", "get"],
			["/v1/charts/{id}/versions/{n}/restore", "post"],
		] as const) {
			expect(pathParam(path, method, "n")).toMatchObject({ type: "integer", minimum: 1 });
			expect(pathParam(path, method, "id")).toEqual({ type: "string", pattern: "^ch_[A-Za-z0-9_-]{1,64}$" });
		}
	});

	it("says what the server checks: Idempotency-Key's pattern, PUT data's two bodies, series and data exclusive, CSV not empty", async () => {
		const document = (await documentAt("http://localhost:8787/v1/openapi.json")) as unknown as {
			paths: Record<string, Record<string, { parameters?: { name: string; schema: Record<string, unknown> }[]; requestBody?: unknown }>>;
			components: { schemas: Record<string, { not?: unknown; properties?: Record<string, Record<string, unknown>> }> };
		};
		const idempotencyKey = document.paths["/v1/charts"]?.post?.parameters?.find((p) => p.name === "Idempotency-Key")?.schema;
		expect(idempotencyKey).toEqual({ type: "string", pattern: "^[\\x21-\\x7e]{1,255}$", minLength: 1, maxLength: 255 });
		expect(document.paths["/v1/charts/{id}/data"]?.put?.requestBody).toEqual({
			required: true,
			content: {
				"text/csv": { schema: { type: "string", contentMediaType: "text/csv", minLength: 1 } },
				"application/json": { schema: { $ref: "#/components/schemas/LinkData" } },
			},
		});
		expect(document.components.schemas.LinkData?.properties).toMatchObject({
			url: { type: "string", minLength: 1 },
			refreshMinutes: { type: "integer", minimum: 1, maximum: 1440, default: 5 },
		});
		const { CreateChart, PatchChart, CopyChart } = document.components.schemas;
		expect(CreateChart?.not).toEqual({ properties: { series: { minItems: 1 }, data: {} }, required: ["series", "data"] });
		expect(PatchChart?.not).toEqual({ properties: { series: {}, data: {} }, required: ["series", "data"] });
		expect(CopyChart?.not).toEqual({ properties: { series: {}, data: {} }, required: ["series", "data"] });
		expect(CreateChart?.properties?.data).toMatchObject({ type: "string", minLength: 1 });
		expect(document.components.schemas.Chart?.properties?.warnings).toMatchObject({ type: "array", items: { type: "string" } });
	});

	it("documents each export as the file itself: bytes for PNG and PDF, text for SVG and CSV", async () => {
		const document = await documentAt("http://localhost:8787/v1/openapi.json");
		const content = document.paths["/v1/charts/{id}/export/{format}"]?.get?.responses["200"]?.content;
		expect(content).toEqual({
			"image/png": { schema: { type: "string", format: "binary", contentMediaType: "image/png" } },
			"image/svg+xml": { schema: { type: "string", contentMediaType: "image/svg+xml" } },
			"application/pdf": { schema: { type: "string", format: "binary", contentMediaType: "application/pdf" } },
			"text/csv": { schema: { type: "string", contentMediaType: "text/csv" } },
		});
		// A JSON answer declared by its type alone (the meta JSON Schema) stays an open JSON document.
		expect(document.paths["/v1/schema/meta.json"]?.get?.responses["200"]?.content).toEqual({ "application/schema+json": {} });
	});

	for (const [path, routes] of [
		["/v1/openapi.json", apiRoutes],
		["/console/api/openapi.json", consoleRoutes],
	] as const) {
		it(`${path} declares every tag it uses, with a description, and names its licence, contact and server`, async () => {
			const document = await documentAt(`http://localhost:8787${path}`);
			const used = new Set(routes.map((route) => route.tag));
			expect(new Set(document.tags?.map((tag) => tag.name))).toEqual(used);
			for (const tag of document.tags ?? []) expect(tag.description, tag.name).toMatch(/\w{3,}/);
			for (const operations of Object.values(document.paths)) {
				for (const operation of Object.values(operations)) expect(used).toContain(operation.tags[0]);
			}
			expect(document.info.license).toMatchObject({ name: expect.stringMatching(/\w/), identifier: "LicenseRef-Proprietary" });
			expect(document.info.contact).toEqual({ name: "Charts service", url: "http://localhost:8787" });
			expect(document.servers).toEqual([{ url: "http://localhost:8787", description: "This service" }]);
		});

		it(`${path} describes every parameter and declares a 4xx for every operation`, async () => {
			const document = (await documentAt(`http://localhost:8787${path}`)) as unknown as {
				paths: Record<
					string,
					Record<string, { parameters?: { name: string; description?: string }[]; responses: Record<string, unknown> }>
				>;
			};
			for (const [route, operations] of Object.entries(document.paths)) {
				for (const [method, operation] of Object.entries(operations)) {
					for (const parameter of operation.parameters ?? [])
						expect(parameter.description, `${method} ${route} ${parameter.name}`).toMatch(/\w{3,}/);
					expect(
						Object.keys(operation.responses).some((status) => status.startsWith("4")),
						`${method} ${route}`,
					).toBe(true);
				}
			}
			expect(document.paths[path]?.get?.responses).toHaveProperty("405");
		});
	}

	it("names as its server the origin it was read from, on every hostname", async () => {
		const first = await documentAt("http://localhost:8787/v1/openapi.json");
		const other = await documentAt("https://charts.example.org/v1/openapi.json");
		expect(first.servers.map((server) => server.url)).toEqual(["http://localhost:8787"]);
		expect(other.servers.map((server) => server.url)).toEqual(["https://charts.example.org"]);
		expect(other.info.contact?.url).toBe("https://charts.example.org");
	});
});
