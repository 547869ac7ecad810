import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { chartKinds } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { builtInThemes } from "../../../src/domain/themes";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { loadLibrary } from "../../harness/workerd/library";

beforeAll(loadLibrary);

async function chartWith(key: string, body: Record<string, unknown>): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body });
	expect(res.status).toBe(201);
	return res.body.id;
}

async function exportSvg(key: string, id: string, query = ""): Promise<{ status: number; svg: string; headers: Headers }> {
	const res = await call(key, "GET", `/v1/charts/${id}/export/svg${query}`);
	return { status: res.status, svg: await res.text(), headers: res.headers };
}

describe("SVG export", () => {
	for (const kind of chartKinds) {
		it(`draws ${kind} as a standalone SVG with title, description and its series`, async () => {
			const { key } = await makeAccount();
			const example = layoutExamples[kind];
			const id = await chartWith(key, { kind, data: example.csv, meta: { title: `My ${kind}`, sourceText: "Source: tests" } });
			const { status, svg, headers } = await exportSvg(key, id);
			expect(status).toBe(200);
			expect(headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
			expect(headers.get("Content-Disposition")).toBe(`attachment; filename="my-${kind}.svg"`);
			expect(svg.startsWith("<svg")).toBe(true);
			expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
			expect(svg).toContain(`<title>My ${kind}</title>`);
			expect(svg).toMatch(/<desc>[^<]+<\/desc>/);
			expect(svg).toContain("Source: tests");
			expect(svg).toMatch(/width="800" height="500"/);
		});
	}

	it("draws transformed values and leaves hidden series out of the drawing", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, {
			kind: "horizontal-bar",
			data: "party,alpha,beta,gamma\nGreens,1,2,3\nLabour,4,5,6\n",
			meta: { seriesTransform: { beta: { hidden: true }, gamma: { ops: [{ fn: "multiply", args: [1000] }] } } },
		});
		const { svg } = await exportSvg(key, id);
		// The legend lists drawn series only; the axis reaches the transformed values.
		expect(svg).toContain(">alpha<");
		expect(svg).toContain(">gamma<");
		expect(svg).not.toContain(">beta<");
		expect(svg).toMatch(/>6,000</);
		// The description names the drawn series.
		expect(svg).toContain("2 series (alpha, gamma)");
		const csv = await (await call(key, "GET", `/v1/charts/${id}/export/csv`)).text();
		expect(csv.split("\n")[0]).toBe("party,alpha,beta,gamma,gamma (transformed)");
	});

	it("escapes text: a title with markup stays text", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, {
			data: layoutExamples.line.csv,
			meta: { title: `<img src=x onerror=alert(1)> & "quotes"`, subtitle: "</svg><script>alert(2)</script>" },
		});
		const { svg } = await exportSvg(key, id);
		expect(svg).not.toContain("<img");
		expect(svg).not.toContain("<script");
		expect(svg).toContain("&lt;img src=x onerror=alert(1)&gt; &amp;");
		expect(svg.match(/<\/svg>/g)).toHaveLength(1);
	});

	it("honours w, h and mode from the query over meta, and transparent", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, { data: layoutExamples.line.csv, meta: { w: 640, h: 400, mode: "light" } });
		const fromMeta = await exportSvg(key, id);
		expect(fromMeta.svg).toMatch(/width="640" height="400"/);
		expect(fromMeta.svg).toContain("#ffffff");
		const dark = await exportSvg(key, id, "?w=1200&h=300&mode=dark");
		expect(dark.svg).toMatch(/width="1200" height="300"/);
		expect(dark.svg).toContain("#15181d");
		const clear = await exportSvg(key, id, "?transparent=true");
		expect(clear.svg).not.toContain('fill="#ffffff"');
	});

	it("uses the chart's theme palette", async () => {
		const { key } = await makeAccount();
		const contrast = await exportSvg(key, await chartWith(key, { data: layoutExamples.line.csv, meta: { theme: "contrast" } }));
		expect(contrast.svg).toContain("#648FFF");
		expect(contrast.svg).not.toContain("#0072B2");
		const classic = await exportSvg(key, await chartWith(key, { data: layoutExamples.line.csv }));
		expect(classic.svg).toContain("#0072B2");
	});

	it("draws a workspace theme's logo in SVG, PNG and PDF", async () => {
		const { key, workspaceId } = await makeAccount();
		const dataUri =
			"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
		const definition = { ...builtInThemes[0]?.definition, name: "Brand", logo: { dataUri, width: 60, position: "top-right" } };
		await env.DB.prepare(
			"INSERT INTO themes (id, workspace_id, name, definition, is_default, created_at) VALUES ('th_logo_' || ?, ?, 'Brand', ?, 1, 0)",
		)
			.bind(workspaceId, workspaceId, JSON.stringify(definition))
			.run();
		const id = await chartWith(key, { data: layoutExamples.line.csv });
		expect((await exportSvg(key, id)).svg).toContain(dataUri);
		expect((await call(key, "GET", `/v1/charts/${id}/export/png`)).status).toBe(200);
		// This logo is a PNG with transparency: the PDF draws it with a soft mask.
		const pdf = await call(key, "GET", `/v1/charts/${id}/export/pdf`);
		expect(pdf.status).toBe(200);
		expect(pdf.headers.get("X-Render-Warnings")).toBeNull();
		expect(new TextDecoder("latin1").decode(await pdf.arrayBuffer())).toContain("/SMask");
		// An opaque PNG logo goes into the PDF as an image.
		const opaque =
			"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGO4GscARwzIHACDegmZEmRBmgAAAABJRU5ErkJggg==";
		await env.DB.prepare("UPDATE themes SET definition = ? WHERE workspace_id = ?")
			.bind(JSON.stringify({ ...definition, logo: { dataUri: opaque, width: 60, position: "top-right" } }), workspaceId)
			.run();
		const withLogo = await call(key, "GET", `/v1/charts/${id}/export/pdf`);
		expect(withLogo.headers.get("X-Render-Warnings")).toBeNull();
		expect(new TextDecoder("latin1").decode(await withLogo.arrayBuffer())).toContain("/Subtype /Image");
	});

	it("draws library-backed pies at the latest period", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, {
			kind: "pie",
			series: [{ statistic: "iowa-electricity.fossil-fuels" }, { statistic: "iowa-electricity.renewables" }],
		});
		const { status, svg } = await exportSvg(key, id);
		expect(status).toBe(200);
		expect(svg).toContain("Fossil Fuels");
		expect(svg).toContain("Renewables");
	});

	it("draws a long series from about two points per pixel, while the CSV keeps every row", async () => {
		const { key } = await makeAccount();
		const rows = Array.from({ length: 20_000 }, (_, i) => `${i},${Math.sin(i / 300)},${Math.cos(i / 700)}`);
		const id = await chartWith(key, { data: `t,a,b\n${rows.join("\n")}\n` });
		const { status, svg } = await exportSvg(key, id, "?w=400&h=300");
		expect(status).toBe(200);
		const points = (svg.match(/<path d="M[^"]*"/g) ?? []).map((d) => (d.match(/L/g) ?? []).length).sort((x, y) => y - x);
		expect(points[0]).toBeGreaterThan(200);
		expect(points[0]).toBeLessThanOrEqual(800);
		const csv = await (await call(key, "GET", `/v1/charts/${id}/export/csv`)).text();
		expect(csv.trim().split("\n")).toHaveLength(20_001);
	});

	it("draws a world choropleth from ISO codes and names, naming regions it cannot place", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, { kind: "map", data: "country,score\nFRA,3\nde,5\nItaly,4\n724,2\nAtlantis,9\n" });
		const { status, svg, headers } = await exportSvg(key, id);
		expect(status).toBe(200);
		expect(decodeURIComponent(headers.get("X-Render-Warnings") ?? "")).toBe("regions not on the map: Atlantis");
		// Countries are drawn as paths; the four placed ones take the scale's colours.
		expect((svg.match(/<path /g) ?? []).length).toBeGreaterThan(150);
		expect(svg).toContain("5 rows from FRA to Atlantis");
	});

	it("draws US states from USPS codes, FIPS codes or names", async () => {
		const { key } = await makeAccount();
		const id = await chartWith(key, {
			kind: "map",
			data: "state,votes\nCA,55\n48,40\nNew York,28\nWA,12\n",
			meta: { title: "Electoral votes" },
		});
		const svg = await exportSvg(key, id);
		expect(svg.status).toBe(200);
		expect(svg.headers.get("X-Render-Warnings")).toBeNull();
		const png = await call(key, "GET", `/v1/charts/${id}/export/png?scale=1`);
		expect(png.status).toBe(200);
		const pdf = await call(key, "GET", `/v1/charts/${id}/export/pdf`);
		expect(pdf.status).toBe(200);
	});
});
