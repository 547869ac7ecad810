/**
 * A published table's search and paging: in the page's HTML from the first paint,
 * disabled until the client makes them live (and hidden without JavaScript), over server drawings
 * of page 1, so the table is drawn by the client only at the reader's first interaction.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const cities = `city,people\n${Array.from({ length: 12 }, (_, i) => `City ${String.fromCharCode(65 + i)},${(i + 1) * 1000}`).join("\n")}\n`;

async function published(key: string, meta: Record<string, unknown>, data = cities): Promise<{ url: string; html: string }> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind: "table", data, meta: { title: "Cities", w: 800, h: 500, ...meta } },
	});
	expect(created.status).toBe(201);
	const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
	expect(published.status).toBe(200);
	const page = await exports.default.fetch(new Request(published.body.embedUrl));
	expect(page.status).toBe(200);
	return { url: published.body.embedUrl, html: await page.text() };
}

async function publishedPage(key: string, meta: Record<string, unknown>): Promise<string> {
	return (await published(key, meta)).html;
}

const controlsOf = (html: string) => /<div class="table-controls">[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";

/** Every server drawing in the page (both modes, every width class). */
const drawingsOf = (html: string) => html.split('<div class="w w-').slice(1);

describe("a published table's controls", () => {
	it("are in the page above the chart, disabled until the client runs, showing page 1, and the table waits for the reader", async () => {
		const { key } = await makeAccount();
		const html = await publishedPage(key, { table: { sortBy: "people", sortDirection: "desc", pageSize: 5, search: true } });
		const controls = controlsOf(html);
		expect(controls).toBe(
			'<div class="table-controls">' +
				'<input type="search" placeholder="Search" aria-label="Search the table" data-control="search" disabled data-needs-script>' +
				'<button type="button" data-control="previous" disabled>Previous</button>' +
				'<button type="button" data-control="next" disabled data-needs-script>Next</button>' +
				'<span data-control="status" aria-live="polite">12 rows · page 1 of 3</span></div>',
		);
		// Above the chart, outside <main>: the source link's place is a share of main's box.
		expect(html.indexOf(controls)).toBeLessThan(html.indexOf("<main "));
		expect(html).toMatch(/<main data-chart="[^"]+" data-interactive="on-interaction" tabindex="0" aria-label="Cities">/);
		// Without JavaScript they would never act, so they are not shown; the status stays.
		expect(html).toContain("<noscript><style>.table-controls input,.table-controls button{display:none}</style></noscript>");
	});

	it("draw page 1 in every server drawing, as the client will, not every row that fits", async () => {
		const { key } = await makeAccount();
		const { url, html } = await published(key, { table: { sortBy: "people", sortDirection: "desc", pageSize: 5 } });
		const drawings = drawingsOf(html);
		expect(drawings.length).toBeGreaterThanOrEqual(2);
		for (const drawing of drawings) {
			// Largest first, five rows: L (12000) down to H (8000).
			for (const city of ["City L", "City K", "City J", "City I", "City H"]) expect(drawing).toContain(city);
			expect(drawing).not.toContain("City G");
			expect(drawing).not.toContain("more rows");
		}
		// Paging alone: no search box.
		expect(controlsOf(html)).not.toContain('type="search"');
		expect(controlsOf(html)).toContain("12 rows · page 1 of 3");
		// The chart file is an export: every row that fits, as a download draws it.
		const chartSvg = await exports.default.fetch(new Request(`${url}chart.svg`));
		expect(chartSvg.status).toBe(200);
		expect(await chartSvg.text()).toContain("City G");
	});

	it("draw page 1 as the client will when the sorted column is hidden (the page's data leaves it out, so rows keep data order)", async () => {
		const { key } = await makeAccount();
		const html = await publishedPage(key, {
			seriesTransform: { people: { hidden: true } },
			table: { sortBy: "people", sortDirection: "desc", pageSize: 5 },
		});
		for (const drawing of drawingsOf(html)) {
			for (const city of ["City A", "City E"]) expect(drawing).toContain(city);
			expect(drawing).not.toContain("City L");
		}
	});

	it("leave Next disabled when there is one page, and search alone has no paging", async () => {
		const { key } = await makeAccount();
		const onePage = controlsOf(await publishedPage(key, { table: { pageSize: 20 } }));
		expect(onePage).toContain('<button type="button" data-control="next" disabled>Next</button>');
		expect(onePage).toContain("12 rows · page 1 of 1");
		const searchOnly = controlsOf(await publishedPage(key, { table: { search: true } }));
		expect(searchOnly).toContain('data-control="search"');
		expect(searchOnly).not.toContain("<button");
	});

	it("are left out of a table without search or paging", async () => {
		const { key } = await makeAccount();
		const html = await publishedPage(key, { table: { sortBy: "people" } });
		expect(html).not.toContain('class="table-controls"');
		expect(html).not.toContain("<noscript>");
		// Every row fits this drawing, as in the exports.
		for (const drawing of drawingsOf(html)) expect(drawing).toContain("City L");
	});
});
