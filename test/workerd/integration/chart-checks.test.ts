import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount, makeKey } from "../../harness/workerd/factories";

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

	// The example of the report: both proposals were #0072b2, and once applied the re-check was silent.
	it("proposes colours for Red, Green and Yellow that differ from each other and every series, and a re-check is then silent", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: {
				kind: "line",
				data: "year,Red,Green,Yellow\n2020,1,2,3\n2021,2,3,4\n",
				meta: { theme: "classic", seriesStyle: { Red: { color: "#d62728" }, Green: { color: "#2ca02c" }, Yellow: { color: "#ffee00" } } },
			},
		});
		const id = created.body.id;
		const res = await callJson<{ checks: Check[] }>(key, "GET", `/v1/charts/${id}/checks`);
		expect(res.status).toBe(200);
		const colors: Record<string, string> = { Red: "#d62728", Green: "#2ca02c", Yellow: "#ffee00" };
		const proposals = res.body.checks.flatMap((check) => (check.suggestion ? [check.suggestion] : []));
		expect(new Set(proposals.map((p) => p.series))).toEqual(new Set(["Green", "Yellow"]));
		// One proposal per series, however many warnings name it.
		for (const { series, color } of proposals) expect(proposals.filter((p) => p.series === series).map((p) => p.color)).toEqual([color]);
		for (const { series, color } of proposals) colors[series] = color;
		expect(new Set(Object.values(colors).map((c) => c.toLowerCase())).size).toBe(3);

		const patched = await callJson(key, "PATCH", `/v1/charts/${id}`, {
			body: { meta: { seriesStyle: Object.fromEntries(Object.entries(colors).map(([series, color]) => [series, { color }])) } },
		});
		expect(patched.status).toBe(200);
		const after = await callJson<{ checks: Check[] }>(key, "GET", `/v1/charts/${id}/checks`);
		expect(after.body.checks).toEqual([]);
	});

	it("names two series in the same colour, with a fix, but not a highlight's muted rest", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, { theme: "classic", seriesStyle: { North: { color: "#0072b2" }, East: { color: "#0072B2" } } });
		const res = await callJson<{ checks: Check[] }>(key, "GET", `/v1/charts/${id}/checks`);
		const same = res.body.checks.find((c) => c.id === "same:North:East");
		expect(same).toMatchObject({ level: "warning", modes: ["light", "dark"], colors: ["#0072b2", "#0072B2"] });
		expect(same?.message).toBe(
			"In light and dark mode, series “North” and “East” are drawn in the same colour (#0072B2): no reader can tell them apart.",
		);
		expect(same?.suggestion?.series).toBe("East");
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { seriesStyle: { East: { color: same?.suggestion?.color } } } } });
		expect((await callJson<{ checks: Check[] }>(key, "GET", `/v1/charts/${id}/checks`)).body.checks).toEqual([]);

		const highlighted = await chartWith(key, { theme: "classic", highlight: ["North"] });
		expect((await callJson<{ checks: Check[] }>(key, "GET", `/v1/charts/${highlighted}/checks`)).body.checks).toEqual([]);
	});

	it("leaves the other series in their palette colours when one gets its own, in SVG and PNG", async () => {
		const { key } = await makeAccount();
		const strokes = async (meta: Record<string, unknown>) => {
			const id = await chartWith(key, { theme: "classic", ...meta });
			const svg = await (await call(key, "GET", `/v1/charts/${id}/export/svg`)).text();
			const png = await call(key, "GET", `/v1/charts/${id}/export/png`);
			expect([png.status, png.headers.get("Content-Type")]).toEqual([200, "image/png"]);
			return new Set([...svg.matchAll(/stroke="(#[0-9a-f]{6})"/gi)].map((m) => (m[1] as string).toLowerCase()));
		};
		// Classic's light palette: blue, amber, green; North takes its own yellow.
		const plain = await strokes({});
		expect([...plain]).toEqual(expect.arrayContaining(["#0072b2", "#c68900", "#009e73"]));
		const own = await strokes({ seriesStyle: { North: { color: "#ffe680" } } });
		expect([...own]).toEqual(expect.arrayContaining(["#ffe680", "#c68900", "#009e73"]));
		expect(own.has("#0072b2")).toBe(false);
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
