/**
 * Property tests: whatever JSON a client sends, the answer is never a 500.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { propertyRuns } from "../../harness/workerd/tier";

const metaLike = fc.record(
	{
		title: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
		w: fc.oneof(fc.integer({ min: -10, max: 5000 }), fc.string()),
		mode: fc.oneof(fc.constantFrom("light", "dark", "dim"), fc.integer()),
		theme: fc.oneof(fc.constantFrom("classic", "nope"), fc.integer()),
		seriesTransform: fc.dictionary(
			fc.string({ maxLength: 8 }),
			fc.oneof(
				fc.record(
					{
						hidden: fc.oneof(fc.boolean(), fc.string()),
						ops: fc.array(
							fc.record(
								{
									fn: fc.constantFrom("divide", "multiply", "rollsum", "rollmean", "index100", "cumulative", "x"),
									args: fc.array(fc.oneof(fc.double(), fc.integer(), fc.string())),
								},
								{ requiredKeys: [] },
							),
							{ maxLength: 4 },
						),
					},
					{ requiredKeys: [] },
				),
				fc.anything(),
			),
			{ maxKeys: 3 },
		),
	},
	{ requiredKeys: [] },
);

const bodyLike = fc.oneof(
	fc.anything(),
	fc.record(
		{
			kind: fc.oneof(fc.constantFrom("line", "pie", "nope"), fc.anything()),
			series: fc.oneof(
				fc.array(
					fc.oneof(fc.record({ statistic: fc.string() }), fc.record({ source: fc.string(), select: fc.anything() }), fc.anything()),
					{ maxLength: 3 },
				),
				fc.anything(),
			),
			data: fc.oneof(fc.string(), fc.anything()),
			meta: fc.oneof(metaLike, fc.anything()),
			folderId: fc.oneof(fc.string(), fc.constant(null), fc.anything()),
		},
		{ requiredKeys: [] },
	),
);

describe("random bodies never produce a 500", () => {
	it("POST /v1/charts and PATCH /v1/charts/{id}", async () => {
		const { key } = await makeAccount();
		const created = await call(key, "POST", "/v1/charts", { body: {} });
		const { id } = (await created.json()) as { id: string };
		await fc.assert(
			fc.asyncProperty(bodyLike, fc.boolean(), async (body, patch) => {
				const res = patch
					? await call(key, "PATCH", `/v1/charts/${id}`, { body })
					: await call(key, "POST", "/v1/charts", { rawBody: JSON.stringify(body) ?? "", headers: { "Content-Type": "application/json" } });
				expect(res.status).toBeLessThan(500);
				const text = await res.text();
				if (res.status >= 400) expect(JSON.parse(text)).toHaveProperty("error.code");
			}),
			propertyRuns(150, 40),
		);
	}, 120_000);

	it("POST /v1/folders and PATCH /v1/folders/{id}", async () => {
		const { key } = await makeAccount();
		const created = await call(key, "POST", "/v1/folders", { body: { name: "root" } });
		const { id } = (await created.json()) as { id: string };
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.anything(),
					fc.record(
						{
							name: fc.oneof(fc.string(), fc.anything()),
							parentId: fc.oneof(fc.constant(id), fc.string(), fc.constant(null), fc.anything()),
						},
						{ requiredKeys: [] },
					),
				),
				fc.boolean(),
				async (body, patch) => {
					const res = patch ? await call(key, "PATCH", `/v1/folders/${id}`, { body }) : await call(key, "POST", "/v1/folders", { body });
					expect(res.status).toBeLessThan(500);
					await res.body?.cancel();
				},
			),
			propertyRuns(100, 25),
		);
	}, 120_000);

	it("random raw text as a JSON body", async () => {
		const { key } = await makeAccount();
		await fc.assert(
			fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
				const res = await call(key, "POST", "/v1/charts", { rawBody: text, headers: { "Content-Type": "application/json" } });
				expect(res.status).toBeLessThan(500);
				await res.body?.cancel();
			}),
			propertyRuns(100, 25),
		);
	}, 120_000);
});

describe("random CSV and transforms never produce a 500", () => {
	const cell = fc.oneof(
		fc.integer(),
		fc.double({ noNaN: true }).map(String),
		fc.string({ maxLength: 6 }),
		fc.constantFrom("", "-", "1,000", '"', "=1+1", "2026-01-01", "n/a"),
	);
	const csvText = fc.oneof(
		fc.string({ maxLength: 300 }),
		fc
			.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 })
			.map((rows) => rows.map((r) => r.join(",")).join("\n")),
	);

	it("PUT /v1/charts/{id}/data with random CSV, for random kinds", async () => {
		const { key } = await makeAccount();
		const ids: Record<string, string> = {};
		for (const kind of ["line", "scatter", "sankey", "candlestick", "boxplot", "treemap", "heatmap", "table"]) {
			const res = await call(key, "POST", "/v1/charts", { body: { kind } });
			ids[kind] = ((await res.json()) as { id: string }).id;
		}
		await fc.assert(
			fc.asyncProperty(csvText, fc.constantFrom(...Object.keys(ids)), async (csv, kind) => {
				const res = await call(key, "PUT", `/v1/charts/${ids[kind]}/data`, { rawBody: csv, headers: { "Content-Type": "text/csv" } });
				expect(res.status).toBeLessThan(500);
				await res.body?.cancel();
				const exported = await call(key, "GET", `/v1/charts/${ids[kind]}/export/csv`);
				expect(exported.status).toBeLessThan(500);
				await exported.body?.cancel();
			}),
			propertyRuns(60, 15),
		);
	}, 120_000);

	it("random seriesTransform on a chart with data, then the CSV export", async () => {
		const { key } = await makeAccount();
		const created = await call(key, "POST", "/v1/charts", { body: { data: "t,a,b\n1,1,2\n2,,4\n3,0,-1\n" } });
		const { id } = (await created.json()) as { id: string };
		const op = fc.record(
			{
				fn: fc.oneof(fc.constantFrom("divide", "multiply", "rollsum", "rollmean", "index100", "cumulative"), fc.string()),
				args: fc.array(fc.oneof(fc.integer({ min: -3, max: 5 }), fc.double(), fc.string()), { maxLength: 2 }),
			},
			{ requiredKeys: ["fn"] },
		);
		const transform = fc.dictionary(
			fc.constantFrom("a", "b", "c"),
			fc.record({ hidden: fc.boolean(), ops: fc.array(op, { maxLength: 3 }) }, { requiredKeys: [] }),
			{
				maxKeys: 2,
			},
		);
		await fc.assert(
			fc.asyncProperty(transform, async (seriesTransform) => {
				const res = await call(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { seriesTransform: null } } });
				await res.body?.cancel();
				const patched = await call(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { seriesTransform } } });
				expect(patched.status).toBeLessThan(500);
				await patched.body?.cancel();
				const exported = await call(key, "GET", `/v1/charts/${id}/export/csv`);
				expect(exported.status).toBe(200);
				await exported.body?.cancel();
			}),
			propertyRuns(60, 15),
		);
	}, 120_000);
});
