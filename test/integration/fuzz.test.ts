/**
 * Property tests: whatever JSON a client sends, the answer is never a 500.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { makeAccount } from "../helpers/factories";

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
			{ numRuns: 150 },
		);
	});

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
			{ numRuns: 100 },
		);
	});

	it("random raw text as a JSON body", async () => {
		const { key } = await makeAccount();
		await fc.assert(
			fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
				const res = await call(key, "POST", "/v1/charts", { rawBody: text, headers: { "Content-Type": "application/json" } });
				expect(res.status).toBeLessThan(500);
				await res.body?.cancel();
			}),
			{ numRuns: 100 },
		);
	});
});
