/**
 * A pie's labels are never cut: in every width class of the embed (a phone's 280 and 360 px
 * among them), each drawn label is whole ("Transport", not "Trans…"), where ECharts would cut a
 * label that it had moved further out than the room the pie was sized for.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const data = "department,budget (bn)\nHealth,182\nEducation,104\nDefence,54\nTransport,38\nOther,97\n";

describe("pie labels", () => {
	it("are whole in every width class of the embed", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "pie", data, meta: { title: "Where the budget goes", subtitle: "Billions, 2026", donut: true } },
		});
		expect(created.status).toBe(201);
		const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
		expect(published.status).toBe(200);
		const page = await (await exports.default.fetch(new Request(published.body.embedUrl))).text();
		const drawings = page.match(/<svg width="\d+"[\s\S]*?<\/svg>/g) ?? [];
		expect(drawings.length).toBeGreaterThanOrEqual(4);
		for (const svg of drawings) {
			const width = /<svg width="(\d+)"/.exec(svg)?.[1];
			const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1] ?? "");
			expect(
				texts.filter((text) => text.endsWith("...") || text.endsWith("…")),
				`cut labels at ${width} px`,
			).toEqual([]);
			// Every slice is named in full somewhere (its label or the legend).
			for (const name of ["Health", "Education", "Defence", "Transport", "Other"])
				expect(
					texts.some((text) => text === name || text.startsWith(`${name}:`)),
					`${name} at ${width} px`,
				).toBe(true);
		}
	});
});
