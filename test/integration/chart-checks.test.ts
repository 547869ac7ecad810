import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../helpers/api";
import { callJson } from "../helpers/api";
import { makeAccount, makeKey } from "../helpers/factories";

interface Check {
	id: string;
	level: string;
	modes: string[];
	message: string;
	colors: string[];
	suggestion?: { series: string; color: string };
}

const csv = "year,North,South,East\n2020,1,3,4\n2021,2,2,5\n2022,3,4,6\n";

async function chartWith(key: string, meta: Record<string, unknown>): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "line", data: csv, meta } });
	expect(created.status).toBe(201);
	return created.body.id;
}

describe("GET /v1/charts/{id}/checks", () => {
	it("warns of a pale series on white and suggests a colour that passes", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, { theme: "classic", seriesStyle: { North: { color: "#bbbbbb" } } });
		const res = await callJson<{ checks: Check[] }>(key, "GET", `/v1/charts/${id}/checks`);
		expect(res.status).toBe(200);
		expect(res.headers.get("Content-Type")).toContain("application/json");
		const pale = res.body.checks.find((c) => c.id === "contrast:light:series:North");
		expect(pale).toMatchObject({ level: "warning", modes: ["light"], colors: ["#bbbbbb", "#ffffff"] });
		expect(pale?.message).toContain("1.91:1");
		expect(pale?.suggestion?.series).toBe("North");

		// Taking the suggestion clears the warning and adds none.
		await callJson(key, "PATCH", `/v1/charts/${id}`, {
			body: { meta: { seriesStyle: { North: { color: pale?.suggestion?.color } } } },
		});
		const after = await callJson<{ checks: Check[] }>(key, "GET", `/v1/charts/${id}/checks`);
		expect(after.status).toBe(200);
		expect(after.body.checks).toEqual([]);
	});

	it("names two reds a deuteranope confuses, in both modes at once", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, { seriesStyle: { North: { color: "#d62728" }, South: { color: "#e8601c" } } });
		const res = await callJson<{ checks: Check[] }>(key, "GET", `/v1/charts/${id}/checks`);
		expect(res.status).toBe(200);
		const pair = res.body.checks.find((c) => c.id === "cvd:North:South");
		expect(pair?.modes).toEqual(["light", "dark"]);
		expect(pair?.message).toContain("deuteranopia");
		expect(pair?.suggestion?.series).toBe("South");
	});

	it("answers 404 for another account's chart, 422 without data, 403 without chart:read", async () => {
		const owner = await makeAccount();
		const id = await chartWith(owner.key, {});
		const stranger = await makeAccount();
		const foreign = await callJson<ErrorBody>(stranger.key, "GET", `/v1/charts/${id}/checks`);
		expect(foreign.status).toBe(404);
		expect(foreign.body.error.code).toBe("not_found");

		const empty = await callJson<{ id: string }>(owner.key, "POST", "/v1/charts", { body: { meta: { title: "Empty" } } });
		const noData = await callJson<ErrorBody>(owner.key, "GET", `/v1/charts/${empty.body.id}/checks`);
		expect(noData.status).toBe(422);
		expect(noData.body.error.code).toBe("invalid_data");

		const { key: writeOnly } = await makeKey(owner.accountId, ["chart:write"]);
		const refused = await callJson<ErrorBody>(writeOnly, "GET", `/v1/charts/${id}/checks`);
		expect(refused.status).toBe(403);
	});

	it("is documented with its response schema", async () => {
		const doc = await callJson<{ paths: Record<string, { get?: Record<string, unknown> }> }>(null, "GET", "/v1/openapi.json");
		const operation = doc.body.paths["/v1/charts/{id}/checks"]?.get as
			| { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }
			| undefined;
		expect(operation?.responses["200"]?.content?.["application/json"]?.schema?.$ref).toBe("#/components/schemas/ChartChecks");
		expect(operation?.responses["404"]).toBeDefined();
	});
});
