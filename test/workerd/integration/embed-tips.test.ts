/**
 * The overlay client's `tips.json` (docs/design.md#d40): line, bar, pie and scatter
 * pages are made interactive over the server's own drawings, so publish writes where each mark
 * was drawn in every width class and each tooltip's text in the chart's locale; the drawings
 * say which series each shape is, so a legend can hide one. Bar races keep their ECharts client.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ChartKind } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import type { ReaderTips } from "../../../src/embed/tips/model";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

function embed(url: string): Promise<Response> {
	return exports.default.fetch(new Request(url));
}

async function publish(key: string, kind: ChartKind, data: string, meta: Record<string, unknown> = {}) {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind, data, meta: { title: "Tips", ...meta } } });
	expect(created.status).toBe(201);
	const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
	expect(published.status).toBe(200);
	const html = await (await embed(published.body.embedUrl)).text();
	return { url: published.body.embedUrl, html };
}

/** The width classes of the page's light drawings. */
function widthClasses(html: string): string[] {
	const light = /<div class="mode-(?:both|light)">([\s\S]*?<\/svg><\/div>)<\/div>/.exec(html)?.[1] ?? "";
	return [...light.matchAll(/<div class="w w-(\d+)">/g)].map((m) => m[1] as string);
}

describe("the overlay's tips.json", () => {
	it("writes a line chart's categories in the chart's locale and each series' point in every width class", async () => {
		const { key } = await makeAccount();
		const csv = "month,Umsatz,Kosten\n2024-01,1200.5,900\n2024-02,1300,\n2024-03,1250,950\n";
		const { url, html } = await publish(key, "line", csv, { locale: "de-DE" });
		const tipsUrl = /data-tips="([^"]+)"/.exec(html)?.[1] ?? "";
		expect(tipsUrl).toMatch(new RegExp(`^${url}tips\\.json\\?h=[0-9a-f]{16}$`));
		expect(html).toMatch(/_client\/overlay\.[0-9a-f]{16}\.js/);
		const response = await embed(tipsUrl);
		expect(response.status).toBe(200);
		const tips = (await response.json()) as ReaderTips;
		expect(tips.trigger).toBe("axis");
		expect(tips.along).toBe("x");
		expect(tips.series.map((s) => s.name)).toEqual(["Umsatz", "Kosten"]);
		expect(tips.categories?.map((c) => c.header)).toEqual(["Jan. 2024", "Feb. 2024", "März 2024"]);
		// German digits, and no value where the data has none.
		expect(tips.categories?.[0]?.values).toEqual(["1.200,5", "900"]);
		expect(tips.categories?.[1]?.values).toEqual(["1.300", null]);
		const classes = widthClasses(html);
		expect(classes.length).toBeGreaterThan(2);
		expect(Object.keys(tips.layouts).sort()).toEqual([...classes].sort());
		for (const width of classes) {
			const layout = tips.layouts[width];
			const marks = layout?.marks as (number[] | null)[][];
			expect(marks).toHaveLength(2);
			expect(marks[1]?.[1], "no point where the value is missing").toBeNull();
			// Points run left to right inside the plot, which fits the drawing's width.
			const xs = (marks[0] ?? []).map((m) => m?.[0] ?? Number.NaN);
			expect(xs[0]).toBeLessThan(xs[1] as number);
			expect(xs[1]).toBeLessThan(xs[2] as number);
			const [x, , w] = layout?.plot ?? [];
			expect((x as number) + (w as number)).toBeLessThanOrEqual(Number(width));
			expect(layout?.positions).toEqual(xs);
		}
		// The drawings say which series each line is (ECharts marks only the symbols).
		expect(html).toMatch(/<path d="M[^"]*"[^>]*ecmeta_series_index="1" ecmeta_ssr_type="chart"/);
	});

	it("names tips.json by its content, so a page left open across a republish gets a 404, not another version's marks", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "line", data: layoutExamples.line.csv } });
		const first = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
		const oldTips = /data-tips="([^"]+)"/.exec(await (await embed(first.body.embedUrl)).text())?.[1] ?? "";
		expect((await embed(oldTips)).status).toBe(200);
		expect((await embed(oldTips.replace(/h=[0-9a-f]+/, "h=0123456789abcdef"))).status).toBe(404);
		const patched = await callJson(key, "PATCH", `/v1/charts/${created.body.id}`, {
			body: { meta: { title: "A longer title that moves the plot" } },
		});
		expect(patched.status).toBe(200);
		await callJson(key, "POST", `/v1/charts/${created.body.id}/publish`);
		expect((await embed(oldTips)).status).toBe(404);
		const newTips = /data-tips="([^"]+)"/.exec(await (await embed(first.body.embedUrl)).text())?.[1] ?? "";
		expect(newTips).not.toBe(oldTips);
		expect((await embed(newTips)).status).toBe(200);
	});

	it("lays columns out along x: each category's place is its columns' centre, bars kept positive", async () => {
		const { key } = await makeAccount();
		const { url, html } = await publish(key, "horizontal-bar", "item,a,b\nA,10,3\nB,-5,4\nC,7,2\n", { orientation: "vertical" });
		const tips = (await (await embed(/data-tips="([^"]+)"/.exec(html)?.[1] ?? `${url}tips.json`)).json()) as ReaderTips;
		expect(tips.along).toBe("x");
		const layout = tips.layouts["800"];
		const marks = layout?.marks as number[][][];
		for (const bar of marks.flat()) {
			expect(bar[2] ?? -1).toBeGreaterThanOrEqual(0);
			expect(bar[3] ?? -1).toBeGreaterThanOrEqual(0);
		}
		const positions = layout?.positions as number[];
		// Left to right, each between its columns' left and right edges.
		expect(positions[0]).toBeLessThan(positions[1] as number);
		expect(positions[1]).toBeLessThan(positions[2] as number);
		for (const [c, position] of positions.entries()) {
			expect(position).toBeGreaterThan(marks[0]?.[c]?.[0] as number);
			expect(position).toBeLessThan((marks[1]?.[c]?.[0] as number) + (marks[1]?.[c]?.[2] as number));
		}
	});

	it("maps a long line's thinned narrow drawings to the rows they show", async () => {
		const { key } = await makeAccount();
		const rows = Array.from({ length: 1200 }, (_, i) => `${2000 + i},${i}`).join("\n");
		const { html } = await publish(key, "line", `step,value\n${rows}\n`);
		const tips = (await (await embed(/data-tips="([^"]+)"/.exec(html)?.[1] ?? "")).json()) as ReaderTips;
		expect(tips.categories).toHaveLength(1200);
		const narrow = tips.layouts["280"];
		const shown = ((narrow?.marks ?? []) as number[][][])[0]?.length ?? 0;
		expect(shown).toBeLessThan(1200);
		expect(narrow?.rows).toHaveLength(shown);
		// Each thinned point is the row it says, in order.
		const rowsShown = narrow?.rows ?? [];
		expect(rowsShown.every((row, i) => i === 0 || row > (rowsShown[i - 1] as number))).toBe(true);
		expect(tips.layouts["800"]?.rows).toBeUndefined();
	});

	it("leaves annotations out of their series: hiding the series keeps them", async () => {
		const { key } = await makeAccount();
		const { html } = await publish(key, "line", layoutExamples.line.csv, {
			annotations: [
				{ type: "line", axis: "y", value: 70, label: "Seventy" },
				{ type: "range", axis: "x", from: "2000", to: "2005", label: "Early years" },
			],
		});
		// The annotations' labels and shapes are drawn, and belong to no series.
		for (const text of ["Seventy", "Early years"]) {
			const label = new RegExp(`<text[^>]*>${text}</text>`).exec(html)?.[0] ?? "";
			expect(label, text).not.toBe("");
			expect(label, text).not.toContain("ecmeta_");
		}
		// Only the two lines (and their symbols and labels) are marked as series 0 and 1.
		const marked = [...html.matchAll(/ecmeta_series_index="(\d+)" ecmeta_ssr_type="chart"/g)].map((m) => m[1]);
		expect(new Set(marked)).toEqual(new Set(["0", "1"]));
		const shaded = /<polygon[^>]*fill-opacity="0\.14"[^>]*>/.exec(html)?.[0] ?? "";
		expect(shaded, "the range's shading").not.toBe("");
		expect(shaded).not.toContain("ecmeta_");
	});

	it("writes a pie's slices with their shares, and no legend toggles (a drawing cannot re-lay out a pie)", async () => {
		const { key } = await makeAccount();
		const { html } = await publish(key, "pie", layoutExamples.pie.csv);
		const tips = (await (await embed(/data-tips="([^"]+)"/.exec(html)?.[1] ?? "")).json()) as ReaderTips;
		expect(tips.trigger).toBe("item");
		expect(tips.legend).toEqual([]);
		expect(tips.items?.[0]?.rows[0]?.[1]).toMatch(/^[\d.,]+ \([\d.]+%\)$/);
		const own = tips.layouts["800"]?.marks as number[][];
		// Slices in turn: each starts where the last ended, and together they make a full turn.
		expect(own).toHaveLength(tips.items?.length ?? 0);
		expect((own.at(-1)?.[5] as number) - (own[0]?.[4] as number)).toBeCloseTo(2 * Math.PI, 3);
	});

	it("names each scatter point's fields by their columns", async () => {
		const { key } = await makeAccount();
		const { html } = await publish(key, "scatter", layoutExamples.scatter.csv);
		const tips = (await (await embed(/data-tips="([^"]+)"/.exec(html)?.[1] ?? "")).json()) as ReaderTips;
		expect(tips.items?.[0]).toEqual({
			series: 0,
			header: "Chile",
			rows: [
				["gdp per capita", "15.4"],
				["life expectancy", "80.2"],
				["population", "19.6"],
			],
		});
	});

	it("leaves a bar race, and every other kind, to its ECharts client", async () => {
		const { key } = await makeAccount();
		const race = await publish(key, "horizontal-bar", "year,China,India\n2000,1263,1057\n2010,1338,1234\n", { race: { enabled: true } });
		expect(race.html).not.toContain("data-tips");
		expect(race.html).toMatch(/_client\/cartesian\.[0-9a-f]{16}\.js/);
		expect((await embed(`${race.url}tips.json`)).status).toBe(404);
		const dot = await publish(key, "dot", layoutExamples.dot.csv);
		expect(dot.html).not.toContain("data-tips");
		expect(dot.html).toMatch(/_client\/plane\.[0-9a-f]{16}\.js/);
	});
});
