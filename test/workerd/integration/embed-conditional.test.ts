/**
 * The embed host answers conditional requests as the API does (src/domain/conditional-requests.ts):
 * `If-None-Match` with its ETag in a list, weak, or `*` is a 304 with the validators; a list
 * that does not name it, or a header that names no tag at all, gets the file.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

function embed(url: string, headers: Record<string, string> = {}): Promise<Response> {
	return exports.default.fetch(new Request(url, { headers, redirect: "manual" }));
}

async function publishedEmbedUrl(): Promise<string> {
	const { key } = await makeAccount();
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind: "horizontal-bar", data: layoutExamples["horizontal-bar"].csv, meta: { title: "Seats by party" } },
	});
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
	expect(published.status).toBe(200);
	return published.body.embedUrl;
}

/** Each `If-None-Match` with whether it names `etag`. */
function conditions(etag: string): [string, boolean][] {
	return [
		[etag, true],
		[`W/${etag}`, true],
		[`"other", ${etag}`, true],
		[`"other",W/${etag} , "more"`, true],
		["*", true],
		[` * `, true],
		['"other"', false],
		['"other", W/"more"', false],
		[etag.slice(1, -1), false],
		["garbage", false],
		["", false],
	];
}

async function expectConditionalAnswers(url: string): Promise<void> {
	const fresh = await embed(url);
	expect(fresh.status).toBe(200);
	const etag = fresh.headers.get("ETag") ?? "";
	expect(etag).toMatch(/^"[^"]+"$/);
	const body = await fresh.arrayBuffer();
	for (const [header, holds] of conditions(etag)) {
		const answer = await embed(url, { "If-None-Match": header });
		expect(answer.status, `${url} with If-None-Match: ${header}`).toBe(holds ? 304 : 200);
		expect(answer.headers.get("ETag")).toBe(etag);
		const answered = await answer.arrayBuffer();
		expect(answered.byteLength, header).toBe(holds ? 0 : body.byteLength);
	}
}

describe("the embed host's conditional requests", () => {
	it("answers a published page and its files 304 for their ETag in a list, weak, or *", async () => {
		const embedUrl = await publishedEmbedUrl();
		for (const file of ["", "chart.svg", "data.json"]) await expectConditionalAnswers(`${embedUrl}${file}`);
	});

	it("answers a bundled font the same way (it compared the whole header before)", async () => {
		await expectConditionalAnswers("http://localhost:8787/embed/_fonts/inter-400.woff2");
	});
});
