/**
 * What a published page offers readers under the chart: a "View as table"
 * toggle holding the data drawn (on unless `meta.embed.dataTable` is false), a "Get the data"
 * link to `data.csv` when `meta.embed.dataLink` is on, and a print stylesheet.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

function embed(url: string): Promise<Response> {
	return exports.default.fetch(new Request(url, { redirect: "manual" }));
}

const csv = "year,China,India\n2000,1071.4,62.9\n2005,1072.9,64.8\n2010,1074.9,66.7\n";

async function publish(key: string, meta: Record<string, unknown>, kind = "line", data = csv): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind, data, meta: { title: "Life <expectancy>", ...meta } },
	});
	expect(created.status).toBe(201);
	const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
	expect(published.status).toBe(200);
	return published.body.embedUrl;
}

/** The page's extras block, or "" when it has none. */
const extrasOf = (html: string) => /<div class="extras">[\s\S]*?<\/details>|<div class="extras">[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";

describe("reader extras of a published page", () => {
	it("offers the data drawn as a table by default, in the chart's locale, escaped, and no data link", async () => {
		const { key } = await makeAccount();
		const url = await publish(key, { locale: "de-DE" });
		const html = await (await embed(url)).text();
		const extras = extrasOf(html);
		expect(extras).toContain("<summary>View as table</summary>");
		expect(extras).toContain("<caption>Life &lt;expectancy&gt;</caption>");
		expect(extras).toContain('<th scope="col">China</th>');
		expect(extras).toContain('<th scope="row">2000</th><td class="number">1.071,4</td>');
		expect(extras).not.toContain("Get the data");
		expect((await embed(`${url}data.csv`)).status).toBe(404);
		// The print stylesheet draws the light chart without the screen's extras.
		expect(html).toContain("@media print{");
	});

	it("links the CSV of what is drawn when asked, hidden series left out of it and of the table", async () => {
		const { key } = await makeAccount();
		const url = await publish(key, { embed: { dataLink: true }, seriesTransform: { India: { hidden: true } } });
		const html = await (await embed(url)).text();
		expect(extrasOf(html)).toContain(`<a class="extras-link" href="${url}data.csv" download>Get the data</a>`);
		expect(extrasOf(html)).not.toContain("India");
		const file = await embed(`${url}data.csv`);
		expect(file.status).toBe(200);
		expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
		expect(file.headers.get("Cache-Control")).toBe("no-cache");
		const body = await file.text();
		expect(body.split("\n")[0]).toBe("year,China");
		expect(body).toContain("2000,1071.4");
		expect(body).not.toContain("India");
	});

	it("leaves the table out when turned off, and for a table chart", async () => {
		const { key } = await makeAccount();
		expect(await (await embed(await publish(key, { embed: { dataTable: false } }))).text()).not.toContain('class="extras"');
		const table = await publish(key, {}, "table", "name,role,salary\nAna,Editor,5200\n");
		const tableHtml = await (await embed(table)).text();
		expect(tableHtml).not.toContain("View as table");
		// Like every kind but races, a table is drawn by the client at the reader's first interaction.
		expect(tableHtml).toMatch(/<main data-chart="[^"]+" data-interactive="on-interaction" tabindex="0"/);
	});

	it("refuses a setting of the wrong type, naming the field", async () => {
		const { key } = await makeAccount();
		const bad = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { kind: "line", meta: { embed: { dataLink: "yes" } } } });
		expect(bad.status).toBe(422);
		expect(bad.body.error.code).toBe("invalid_body");
		expect(JSON.stringify(bad.body.error)).toContain("meta.embed.dataLink");
		const unknown = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { kind: "line", meta: { embed: { download: true } } } });
		expect(unknown.status).toBe(422);
	});
});
