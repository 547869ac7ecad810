/**
 * The chart settings of `meta` through the API: validation (422 naming the field and
 * what is valid), the JSON Schema and OpenAPI documents, and each setting's effect in the
 * exported SVG and PDF.
 */
import { describe, expect, it } from "vitest";
import { call, callJson, type ErrorBody } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const lines = "year,CPI,Core\n2019,1.8,2.1\n2020,0.9,1.6\n2021,2.6,2.0\n";
const bars = "party,Seats\nLabour,411\nConservative,121\nGreen,4\n";

/** The characters the PDF's embedded fonts map back to text (their ToUnicode CMaps, inflated). */
async function pdfCharacters(pdf: Uint8Array): Promise<Set<string>> {
	const latin1 = new TextDecoder("latin1");
	const text = latin1.decode(pdf);
	const chars = new Set<string>();
	for (const match of text.matchAll(/<<([^<>]*\/FlateDecode[^<>]*)>>\s*stream\r?\n/g)) {
		const length = Number(/\/Length (\d+)/.exec(match[1] ?? "")?.[1]);
		const start = (match.index ?? 0) + match[0].length;
		const stream = new Blob([pdf.slice(start, start + length)]).stream().pipeThrough(new DecompressionStream("deflate"));
		const decoded = latin1.decode(new Uint8Array(await new Response(stream).arrayBuffer()));
		if (!decoded.includes("begincmap")) continue;
		for (const [, codes] of decoded.matchAll(/\[([^\]]*)\]/g))
			for (const [, hex] of (codes as string).matchAll(/<([0-9a-fA-F]{4})>/g))
				chars.add(String.fromCharCode(Number.parseInt(hex as string, 16)));
	}
	return chars;
}

async function create(key: string, body: Record<string, unknown>): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body });
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	return res.body.id;
}

async function svgOf(key: string, body: Record<string, unknown>): Promise<{ svg: string; warnings: string }> {
	const id = await create(key, body);
	const res = await call(key, "GET", `/v1/charts/${id}/export/svg`);
	expect(res.status).toBe(200);
	return { svg: await res.text(), warnings: decodeURIComponent(res.headers.get("X-Render-Warnings") ?? "") };
}

describe("meta settings: validation", () => {
	const bad: [Record<string, unknown>, string, RegExp][] = [
		[{ description: "x".repeat(2001) }, "meta.description", /at most 2000 characters/],
		[{ byline: "x".repeat(301) }, "meta.byline", /at most 300/],
		[{ sourceUrl: "javascript:alert(1)" }, "meta.sourceUrl", /http or https URL/],
		[{ sourceUrl: "ftp://example.org/x" }, "meta.sourceUrl", /http or https URL/],
		[{ locale: "not a locale" }, "meta.locale", /BCP 47 language tag such as en-US/],
		[{ numberFormat: { decimals: 11 } }, "meta.numberFormat.decimals", /whole number from 0 to 10/],
		[{ numberFormat: { prefix: "x".repeat(21) } }, "meta.numberFormat.prefix", /at most 20/],
		[{ numberFormat: { percent: "yes" } }, "meta.numberFormat.percent", /boolean/],
		[{ axes: { y: { min: 5, max: 1 } } }, "meta.axes.y.max", /greater than min \(5\)/],
		[{ axes: { y: { min: "zero" } } }, "meta.axes.y.min", /finite number/],
		[{ axes: { x: { scale: "square" } } }, "meta.axes.x.scale", /"linear", "log"/],
		[{ axes: { y: { scale: "log", min: 0 } } }, "meta.axes.y.min", /greater than 0 on a log scale/],
		[{ axes: { y: { ticks: 1 } } }, "meta.axes.y.ticks", /from 2 to 20/],
		[{ axes: { z: {} } }, "meta.axes", /^meta\.axes: unknown setting "z"\. The settings here: x, y\.$/],
		[{ axes: { x: { titel: "Party" } } }, "meta.axes.x", /unknown setting "titel" — did you mean "title"\? The settings here: title, /],
		[{ legend: { postion: "top" } }, "meta.legend", /unknown setting "postion" — did you mean "position"\?/],
		[{ seriesStyle: { CPI: { color: "red" } } }, "meta.seriesStyle.CPI.color", /hex colour/],
		[{ seriesStyle: { CPI: { width: 9 } } }, "meta.seriesStyle.CPI.width", /from 0.5 to 8/],
		[{ seriesStyle: { CPI: { line: "wavy" } } }, "meta.seriesStyle.CPI.line", /"solid", "dashed", "dotted"/],
		[{ highlight: Array.from({ length: 21 }, (_, i) => `s${i}`) }, "meta.highlight", /at most 20/],
		[{ labels: { values: "some" } }, "meta.labels.values", /"none", "last", "all"/],
		[{ legend: { position: "left" } }, "meta.legend.position", /"top", "bottom", "right", "none"/],
		[{ annotations: [{ type: "arrow" }] }, "meta.annotations[0].type", /"text", "line" or "range"/],
		[{ annotations: [{ type: "line", axis: "z", value: 1 }] }, "meta.annotations[0].axis", /"x", "y"/],
		[{ annotations: [{ type: "text", x: "2020", y: 1 }] }, "meta.annotations[0].text", /expected string/],
		[{ annotations: Array.from({ length: 51 }, () => ({ type: "line", axis: "y", value: 1 })) }, "meta.annotations", /at most 50/],
		[{ colorScale: { colors: ["#ffffff"] } }, "meta.colorScale.colors", /2 to 9 hex colours/],
		[{ colorScale: { steps: 10 } }, "meta.colorScale.steps", /from 2 to 9/],
		[{ race: { enabled: "on" } }, "meta.race.enabled", /boolean/],
		[{ table: { pageSize: 4 } }, "meta.table.pageSize", /from 5 to 100/],
		[{ table: { sortDirection: "up" } }, "meta.table.sortDirection", /"asc", "desc"/],
	];

	for (const [meta, path, message] of bad) {
		it(`refuses ${path} with a 422 saying what is valid`, async () => {
			const { key } = await makeAccount();
			const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { data: lines, meta } });
			expect(res.status).toBe(422);
			expect(res.body.error.code).toBe("invalid_body");
			expect((res.body.error.details as { path: string }).path).toBe(path);
			expect(res.body.error.message).toMatch(message);
		});
	}

	it("refuses seriesStyle keys that are not series, listing the valid names", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", {
			body: { data: lines, meta: { seriesStyle: { Headline: { color: "#ff0000" } } } },
		});
		expect(res.status).toBe(422);
		expect(res.body.error.message).toBe('meta.seriesStyle: "Headline" is not a series of this chart. Valid names: "CPI", "Core".');
		expect(res.body.error.details).toMatchObject({ path: "meta.seriesStyle", unknown: ["Headline"], validNames: ["CPI", "Core"] });
	});

	it("keeps every setting and unknown fields as sent", async () => {
		const { key } = await makeAccount();
		const meta = {
			description: "Alt",
			notes: "N",
			byline: "B",
			sourceUrl: "https://example.org/",
			locale: "pt-BR",
			numberFormat: { decimals: 2, prefix: "R$ ", suffix: "", compact: false, percent: false },
			axes: { x: { title: "Ano" }, y: { min: 0, max: 5, scale: "linear", ticks: 5, grid: true, hidden: false } },
			seriesStyle: { CPI: { color: "#123456", label: "IPCA", line: "dotted", width: 2.5, symbols: true } },
			highlight: ["CPI"],
			labels: { direct: true, values: "last" },
			legend: { position: "none" },
			annotations: [
				{ type: "text", x: 2020, y: 1, text: "t", align: "right" },
				{ type: "line", axis: "y", value: 2 },
				{ type: "range", axis: "x", from: "2019", to: "2020", label: "r" },
			],
			colorScale: { type: "steps", colors: ["#000000", "#ffffff"], min: 0, max: 1, steps: 3 },
			race: { enabled: false, period: "2020" },
			table: { sortBy: "CPI", sortDirection: "asc", pageSize: 10, search: true, heatmap: ["CPI"] },
			editorOnly: { anything: [1, 2] },
		};
		const id = await create(key, { data: lines, meta });
		const read = await callJson<{ meta: unknown }>(key, "GET", `/v1/charts/${id}`);
		expect(read.body.meta).toEqual(meta);
	});
});

describe("meta settings: documents", () => {
	it("GET /v1/schema/meta.json is a JSON Schema 2020-12 of every setting, with descriptions and examples, no key needed", async () => {
		const res = await callJson<{ $schema: string; properties: Record<string, { description?: string; examples?: unknown[] }> }>(
			null,
			"GET",
			"/v1/schema/meta.json",
		);
		expect(res.status).toBe(200);
		expect(res.headers.get("Content-Type")).toBe("application/schema+json");
		expect(res.body.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
		const settings = [
			"description",
			"notes",
			"byline",
			"sourceUrl",
			"locale",
			"numberFormat",
			"axes",
			"seriesStyle",
			"highlight",
			"labels",
			"legend",
			"annotations",
			"colorScale",
			"race",
			"table",
		];
		for (const field of settings) {
			expect(res.body.properties[field]?.description, field).toBeTruthy();
			expect(res.body.properties[field]?.examples?.length, field).toBeGreaterThan(0);
		}
		expect(JSON.stringify(res.body.properties.axes)).toContain('"enum":["linear","log"]');
	});

	it("the OpenAPI document describes every setting of a chart's meta", async () => {
		const res = await callJson<{
			components: { schemas: Record<string, { properties: Record<string, { properties?: Record<string, { description?: string }> }> }> };
		}>(null, "GET", "/v1/openapi.json");
		const meta = res.body.components.schemas.CreateChart?.properties.meta;
		for (const field of ["description", "locale", "numberFormat", "axes", "annotations", "race", "table"])
			expect(meta?.properties?.[field]?.description, field).toBeTruthy();
	});
});

describe("meta settings: exported SVG and PDF", () => {
	it("description is the SVG's <desc>", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, { data: lines, meta: { description: "Prices rose & fell" } });
		expect(svg).toContain("<desc>Prices rose &amp; fell</desc>");
	});

	it("notes and the byline are drawn in the footer", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			data: lines,
			meta: { sourceText: "Source: BLS", notes: "Provisional figures", byline: "Jane Doe" },
		});
		expect(svg).toContain(">Provisional figures</text>");
		expect(svg).toContain(">Chart: Jane Doe</text>");
		expect(svg).toContain(">Source: BLS</text>");
	});

	it("locale and numberFormat write the axis labels", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			kind: "horizontal-bar",
			data: "land,Wert\nA,1500000\nB,2500000\n",
			meta: { locale: "de-DE", numberFormat: { suffix: " €" } },
		});
		expect(svg).toContain(">2.500.000 €</text>");
		expect(svg).not.toContain("2,500,000");
	});

	it("locale writes dates with the locale's month names: axes, pie labels and legend, table cells, the race's period", async () => {
		const { key } = await makeAccount();
		const monthly = "month,Umsatz\n2024-01,1200.5\n2024-02,1300\n2024-03,1250\n";
		const line = await svgOf(key, { kind: "line", data: monthly, meta: { locale: "de-DE" } });
		expect(line.svg).toContain(">März 2024</text>");
		expect(line.svg).not.toContain(">2024-03</text>");
		const pie = await svgOf(key, { kind: "pie", data: monthly, meta: { locale: "fr-FR" } });
		expect(pie.svg).toContain(">mars 2024</text>");
		expect(pie.svg).toMatch(/>mars 2024: \d/);
		const table = await svgOf(key, { kind: "table", data: "Tag,n\n2024-03-05,1\n", meta: { locale: "sv-SE" } });
		expect(table.svg).toContain(">5 mars 2024</text>");
		const race = await svgOf(key, {
			kind: "horizontal-bar",
			data: "month,A,B\n2024-01,1,2\n2024-02,3,1\n",
			meta: { locale: "it-IT", race: { enabled: true } },
		});
		expect(race.svg).toContain(">feb 2024</text>");
		// Without a locale, dates are written as the data has them.
		expect((await svgOf(key, { kind: "line", data: monthly })).svg).toContain(">2024-03</text>");
	});

	it("the PDF writes dates in the locale as text", async () => {
		const { key } = await makeAccount();
		const id = await create(key, { kind: "line", data: "month,n\n2024-03,1\n2024-05,2\n", meta: { locale: "de-DE" } });
		const res = await call(key, "GET", `/v1/charts/${id}/export/pdf`);
		expect(res.status).toBe(200);
		const text = await pdfCharacters(new Uint8Array(await res.arrayBuffer()));
		// "März" and "Mai": the umlaut only comes from the German month name.
		for (const ch of "äMz") expect(text.has(ch), ch).toBe(true);
	});

	it("axes draw their titles and range", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, { data: lines, meta: { axes: { y: { title: "Change, %", max: 50 } } } });
		expect(svg).toContain(">Change, %</text>");
		expect(svg).toContain(">50</text>");
	});

	it("a log scale names what it left out in X-Render-Warnings", async () => {
		const { key } = await makeAccount();
		const { warnings } = await svgOf(key, {
			data: "year,Cases\n2019,0\n2020,12\n2021,-3\n2022,340\n",
			meta: { axes: { y: { scale: "log" } } },
		});
		expect(warnings).toContain("2 zero or negative values are left out of the log scale on the y axis");
	});

	it("seriesStyle colours and renames a series; highlight mutes the rest", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			data: lines,
			meta: { seriesStyle: { Core: { color: "#ab12cd", label: "Core inflation", line: "dashed" } }, highlight: ["Core"] },
		});
		expect(svg).toMatch(/stroke="#ab12cd"[^>]*stroke-dasharray/);
		expect(svg).toContain(">Core inflation</text>");
		expect(svg).toContain('stroke="#8a939e"');
	});

	it("labels: value labels on bars, direct labels on lines", async () => {
		const { key } = await makeAccount();
		const barSvg = (await svgOf(key, { kind: "horizontal-bar", data: bars, meta: { labels: { values: "all" } } })).svg;
		expect(barSvg).toContain(">411</text>");
		const lineSvg = (await svgOf(key, { data: lines, meta: { labels: { direct: true, values: "last" } } })).svg;
		expect(lineSvg).toMatch(/>Core {2}2<\/text>/);
	});

	it("legend: none hides it", async () => {
		const { key } = await makeAccount();
		const shown = (await svgOf(key, { data: lines })).svg;
		const hidden = (await svgOf(key, { data: lines, meta: { legend: { position: "none" } } })).svg;
		expect(shown).toContain(">Core</text>");
		expect(hidden).not.toContain(">Core</text>");
	});

	it("annotations draw their labels; a pie draws none and says so", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			data: lines,
			meta: {
				annotations: [
					{ type: "line", axis: "y", value: 2, label: "Target 2%" },
					{ type: "range", axis: "x", from: "2019", to: "2020", label: "Recession" },
					{ type: "text", x: "2021", y: 2.6, text: "Peak" },
				],
			},
		});
		for (const text of ["Target 2%", "Recession", "Peak"]) expect(svg).toContain(`>${text}</text>`);
		const pie = await svgOf(key, { kind: "pie", data: bars, meta: { annotations: [{ type: "line", axis: "y", value: 2 }] } });
		expect(pie.warnings).toContain("annotations are drawn on charts with x and y axes; this pie chart draws none of its 1");
	});

	it("colorScale colours a map", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			kind: "map",
			data: "country,v\nFRA,-5\nDEU,5\n",
			meta: { colorScale: { type: "diverging", colors: ["#0000ff", "#ffffff", "#ff0000"] } },
		});
		// ECharts writes the scale's colours as rgb() once interpolated.
		expect(svg).toMatch(/fill="(#0000ff|rgb\(0,0,255\))"/i);
		expect(svg).toMatch(/fill="(#ff0000|rgb\(255,0,0\))"/i);
	});

	it("race draws race.period, sorted, with the period", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			kind: "horizontal-bar",
			data: "year,China,India\n2000,1263,1057\n2023,1410,1429\n",
			meta: { race: { enabled: true, period: "2000" } },
		});
		expect(svg).toContain(">2000</text>");
		expect(svg.indexOf(">China</text>")).toBeLessThan(svg.indexOf(">India</text>"));
		// A race labels its bars with their values.
		expect(svg).toContain(">1,263</text>");
	});

	it("table sorts its rows and writes numbers in the locale", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			kind: "table",
			data: "Land,Inflation\nBayern,5.6\nBerlin,6.1\n",
			meta: { locale: "de-DE", table: { sortBy: "Inflation", sortDirection: "desc" } },
		});
		expect(svg.indexOf(">6,1</text>")).toBeGreaterThan(0);
		expect(svg.indexOf(">6,1</text>")).toBeLessThan(svg.indexOf(">5,6</text>"));
	});

	it("the PDF carries the description as Subject and draws notes and byline as text", async () => {
		const { key } = await makeAccount();
		const id = await create(key, { data: lines, meta: { description: "Prices fell in 2020", notes: "Quartz Vex", byline: "Žofia" } });
		const res = await call(key, "GET", `/v1/charts/${id}/export/pdf`);
		expect(res.status).toBe(200);
		const pdf = new Uint8Array(await res.arrayBuffer());
		const raw = new TextDecoder("latin1").decode(pdf);
		expect(raw).toMatch(/\/Subject \d+ 0 R/);
		expect(raw).toContain("(Prices fell in 2020)");
		const text = await pdfCharacters(pdf);
		for (const ch of "QuartzVexŽofia") expect(text.has(ch), ch).toBe(true);
	});

	it("the CSV export keeps raw numbers whatever the locale", async () => {
		const { key } = await makeAccount();
		const id = await create(key, {
			data: "land,Wert\nA,1500000.5\n",
			meta: { locale: "de-DE", numberFormat: { decimals: 0, prefix: "€" } },
		});
		const csv = await (await call(key, "GET", `/v1/charts/${id}/export/csv`)).text();
		expect(csv).toContain("1500000.5");
	});
});
