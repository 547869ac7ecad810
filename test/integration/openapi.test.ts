import { describe, expect, it } from "vitest";
import { apiRoutes } from "../../src/api/routes";
import { callJson } from "../helpers/api";

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
});
