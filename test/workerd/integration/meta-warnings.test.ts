/**
 * A typo in `meta` is caught, not stored silently: a write that sets a setting `meta` does not
 * know keeps it (clients may store their own settings) and says so in `warnings` and
 * `X-Meta-Warnings`, naming the setting it was probably meant to be; warnings are never stored.
 * A kind that is not one names the closest kinds; a nested setting that is not one is refused.
 */
import { describe, expect, it } from "vitest";
import { call, callJson, type ErrorBody } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const bars = "party,Seats\nLabour,411\nConservative,121\nGreen,4\n";

interface Written {
	id: string;
	meta?: Record<string, unknown>;
	warnings?: string[];
}

/** The header's warnings, decoded (each is percent-encoded, joined with "; "). */
function headerWarnings(headers: Headers): string[] {
	const value = headers.get("X-Meta-Warnings");
	return value === null ? [] : value.split("; ").map(decodeURIComponent);
}

describe("unknown meta settings", () => {
	it("POST keeps meta.titel, warns that it was probably title, and stores no warning", async () => {
		const { key } = await makeAccount();
		const res = await callJson<Written>(key, "POST", "/v1/charts", {
			body: { kind: "horizontal-bar", data: bars, meta: { titel: "Seats won", subtitle: "2024" } },
		});
		expect(res.status).toBe(201);
		expect(res.body.warnings).toEqual(['unknown setting "titel" — did you mean "title"? It is stored as sent and not drawn.']);
		expect(headerWarnings(res.headers)).toEqual(res.body.warnings);

		const read = await callJson<Written & { name: string }>(key, "GET", `/v1/charts/${res.body.id}`);
		expect(read.status).toBe(200);
		expect(read.body.meta).toEqual({ titel: "Seats won", subtitle: "2024" });
		expect(read.body.name).toBe("Untitled chart");
		expect(read.body.warnings).toBeUndefined();
		expect(read.headers.get("X-Meta-Warnings")).toBeNull();
		expect(JSON.stringify(read.body.meta)).not.toContain("did you mean");
	});

	it("a write of known settings only carries neither the field nor the header", async () => {
		const { key } = await makeAccount();
		const res = await callJson<Written>(key, "POST", "/v1/charts", { body: { data: bars, meta: { title: "Seats" } } });
		expect(res.status).toBe(201);
		expect(res.body).not.toHaveProperty("warnings");
		expect(res.headers.get("X-Meta-Warnings")).toBeNull();
	});

	it("PATCH warns about what the patch sets, not about a setting it removes or one stored before", async () => {
		const { key } = await makeAccount();
		const created = await callJson<Written>(key, "POST", "/v1/charts", { body: { data: bars, meta: { myAppRowId: 7 } } });
		expect(created.body.warnings).toEqual([
			'unknown setting "myAppRowId": stored as sent and not drawn (GET /v1/schema/meta.json lists the settings).',
		]);
		const id = created.body.id;

		const patched = await callJson<Written>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { subtitel: "2024", title: "Seats" } } });
		expect(patched.status).toBe(200);
		expect(patched.body.warnings).toEqual(['unknown setting "subtitel" — did you mean "subtitle"? It is stored as sent and not drawn.']);
		expect(headerWarnings(patched.headers)).toEqual(patched.body.warnings);
		expect(patched.body.meta).toMatchObject({ myAppRowId: 7, subtitel: "2024", title: "Seats" });

		const removed = await callJson<Written>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { subtitel: null, subtitle: "2024" } } });
		expect(removed.status).toBe(200);
		expect(removed.body).not.toHaveProperty("warnings");
		expect(removed.body.meta).toEqual({ myAppRowId: 7, title: "Seats", subtitle: "2024" });
	});

	it("a copy warns about its meta patch, and a key without chart:read gets the warnings with its receipt", async () => {
		const { key } = await makeAccount();
		const source = await callJson<Written>(key, "POST", "/v1/charts", { body: { data: bars, meta: { title: "Seats" } } });
		const copy = await callJson<Written>(key, "POST", `/v1/charts/${source.body.id}/copy`, { body: { meta: { orientaton: "vertical" } } });
		expect(copy.status).toBe(201);
		expect(copy.body.warnings).toEqual(['unknown setting "orientaton" — did you mean "orientation"? It is stored as sent and not drawn.']);

		const writer = await makeAccount({ scopes: ["chart:write"] });
		const mine = await callJson<Written>(writer.key, "POST", "/v1/charts", { body: { data: bars } });
		const receipt = await callJson<Written & { version: number }>(writer.key, "PATCH", `/v1/charts/${mine.body.id}`, {
			body: { meta: { titel: "x" } },
		});
		expect(receipt.status).toBe(200);
		expect(receipt.body).not.toHaveProperty("meta");
		expect(receipt.body.warnings).toEqual(['unknown setting "titel" — did you mean "title"? It is stored as sent and not drawn.']);
	});

	it("a replayed POST answers the same warnings in its body and header", async () => {
		const { key } = await makeAccount();
		const send = () =>
			call(key, "POST", "/v1/charts", {
				body: { data: bars, meta: { titel: "Seats" } },
				headers: { "Idempotency-Key": "meta-warnings-1" },
			});
		const first = await send();
		const again = await send();
		expect(again.headers.get("Idempotent-Replayed")).toBe("true");
		expect(headerWarnings(again.headers)).toEqual(headerWarnings(first.headers));
		expect(headerWarnings(again.headers)).toHaveLength(1);
		expect(((await again.json()) as Written).warnings).toEqual(((await first.json()) as Written).warnings);
	});

	it("lists at most 20 unknown settings, then counts the rest", async () => {
		const { key } = await makeAccount();
		const meta = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`clientSetting${i}`, i]));
		const res = await callJson<Written>(key, "POST", "/v1/charts", { body: { data: bars, meta } });
		expect(res.status).toBe(201);
		expect(res.body.warnings).toHaveLength(21);
		expect(res.body.warnings?.at(-1)).toBe("5 more unknown settings, stored as sent and not drawn.");
		expect((res.headers.get("X-Meta-Warnings") ?? "").length).toBeLessThanOrEqual(1024);
	});
});

describe("kinds and nested settings that are not one", () => {
	it('kind "bar" names horizontal-bar, and meta.orientation "vertical" for columns', async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { kind: "bar", data: bars } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_kind");
		expect(res.body.error.message).toMatch(
			/^kind: "bar" is not a chart kind: use "horizontal-bar" for bars, or "horizontal-bar" with meta\.orientation "vertical" for columns\. The kinds: line, /,
		);
	});

	it("a misspelt kind names the closest kind, on PATCH too", async () => {
		const { key } = await makeAccount();
		const created = await callJson<Written>(key, "POST", "/v1/charts", { body: { data: bars } });
		const res = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${created.body.id}`, { body: { kind: "heat-map" } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_kind");
		expect(res.body.error.message).toContain('kind: "heat-map" is not a chart kind: did you mean "heatmap"?');
	});

	it("meta.axes.x.titel is refused, naming title, and nothing is stored", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { data: bars, meta: { axes: { x: { titel: "Party" } } } } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_body");
		expect(res.body.error.message).toContain("meta.axes.x");
		expect(res.body.error.message).toContain('"title"');
		const list = await callJson<{ charts: unknown[] }>(key, "GET", "/v1/charts");
		expect(list.body.charts).toEqual([]);
	});
});
