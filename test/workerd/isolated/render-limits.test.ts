/**
 * Inputs at the documented limits draw (docs/design.md#d23–#d26): long data in every kind and format,
 * control characters in text, hostile region names, and the PNG pixel budget. Each test checks
 * the status, a well-formed body and the headers; sizes and counts, never timings.
 */
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { bigCsv } from "../../harness/workerd/big-csv";
import { makeAccount } from "../../harness/workerd/factories";
import { kindsForTier } from "../../harness/workerd/tier";

// A timeout for tests that upload and draw 200,000 rows on a shared machine (the config default is 30 s).
const heavy = 180_000;
const maxRows = 200_000;

async function chartWithCsv(key: string, kind: string, csv: string, meta: Record<string, unknown> = {}): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind, meta } });
	expect(created.status).toBe(201);
	const put = await call(key, "PUT", `/v1/charts/${created.body.id}/data`, { rawBody: csv, headers: { "Content-Type": "text/csv" } });
	expect(put.status).toBe(200);
	return created.body.id;
}

// Characters XML 1.0 forbids: controls but tab, LF, CR; lone surrogates; U+FFFE/U+FFFF.
const notXml =
	// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
	/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const asciiHeader = /^[\x20-\x7e]*$/;

function expectWellFormedSvg(svg: string): void {
	expect(svg.startsWith("<svg")).toBe(true);
	expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
	expect(notXml.test(svg)).toBe(false);
	expect(svg).not.toContain("\u007f");
}

function expectWarningsHeader(res: Response): string | null {
	const value = res.headers.get("X-Render-Warnings");
	if (value !== null) {
		expect(value).toMatch(asciiHeader);
		expect(new TextEncoder().encode(value).byteLength).toBeLessThanOrEqual(1024);
	}
	return value;
}

/** Exports the chart as `format`, checks the body is a well-formed file of that format, and returns it. */
async function exported(
	key: string,
	id: string,
	format: "svg" | "png" | "pdf" | "csv",
	query = "",
): Promise<{ res: Response; bytes: Uint8Array }> {
	const res = await call(key, "GET", `/v1/charts/${id}/export/${format}${query}`);
	const bytes = new Uint8Array(await res.arrayBuffer());
	expect(res.status, new TextDecoder().decode(bytes.slice(0, 300))).toBe(200);
	expectWarningsHeader(res);
	if (format === "svg") expectWellFormedSvg(new TextDecoder().decode(bytes));
	if (format === "png") expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	if (format === "pdf") expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
	return { res, bytes };
}

function warningsOf(res: Response): string {
	return (res.headers.get("X-Render-Warnings") ?? "")
		.split("; ")
		.map((w) => decodeURIComponent(w))
		.join("; ");
}

describe("long data inside the limits", () => {
	it(
		"a 150,000-row line chart exports as SVG, PNG and PDF, drawn from a downsample",
		async () => {
			const { key } = await makeAccount();
			const id = await chartWithCsv(key, "line", bigCsv.line(150_000));
			const svg = await exported(key, id, "svg");
			expect(warningsOf(svg.res)).toMatch(/drawn from [\d,]+ of 150,000 rows \(downsampled\); the CSV export has them all/);
			await exported(key, id, "png");
			await exported(key, id, "pdf");
			const csv = await exported(key, id, "csv");
			expect(new TextDecoder().decode(csv.bytes).trimEnd().split("\n")).toHaveLength(150_001);
		},
		heavy,
	);

	it(
		"a 200,000-point scatter exports as PNG",
		async () => {
			const { key } = await makeAccount();
			const id = await chartWithCsv(key, "scatter", bigCsv.scatter(maxRows));
			const png = await exported(key, id, "png");
			expect(warningsOf(png.res)).toContain("drawn from 2,500 of 200,000 points (thinned evenly)");
		},
		heavy,
	);

	it(
		"a pie of 50,000 slices, a 150,000-row candlestick and a 20,000-row radar draw small SVGs",
		async () => {
			const { key } = await makeAccount();
			const cases = [
				{ kind: "pie", csv: bigCsv.pie(50_000), says: '49,981 as one "Other" slice' },
				{ kind: "candlestick", csv: bigCsv.candlestick(150_000), says: "merged into one candle each" },
				{ kind: "radar", csv: bigCsv.radar(20_000), says: "the first 60 of 20,000 rows are drawn as axes" },
			];
			for (const { kind, csv, says } of cases) {
				const id = await chartWithCsv(key, kind, csv);
				const { res, bytes } = await exported(key, id, "svg");
				expect(bytes.byteLength, kind).toBeLessThan(2 * 1024 * 1024);
				expect(warningsOf(res), kind).toContain(says);
			}
		},
		heavy,
	);
});

// Every kind under `npm run test:full`; one per embed client family in `npm test` (test/harness/workerd/tier.ts).
describe("every kind at its maximum rows exports as SVG and PNG", () => {
	for (const kind of kindsForTier()) {
		it(
			`${kind} at 200,000 rows`,
			async () => {
				const { key } = await makeAccount();
				const id = await chartWithCsv(key, kind, bigCsv[kind](maxRows), { title: `${kind} at the limit` });
				const svg = await exported(key, id, "svg");
				expect(svg.bytes.byteLength).toBeLessThan(4 * 1024 * 1024);
				// Every kind but the map (whose marks are bounded by the base map) says what it left out.
				if (kind !== "map") expect(warningsOf(svg.res)).toContain("the CSV export has them all");
				await exported(key, id, "png");
			},
			heavy,
		);
	}
});

describe("text that XML cannot carry", () => {
	it("a title with a bell and a cell with a control character export as SVG, PNG and PDF", async () => {
		const { key } = await makeAccount();
		const id = await chartWithCsv(key, "horizontal-bar", "label,v\nx\u0002y,1\nz,2\n", { title: "bell\u0007", sourceText: "src\u001b" });
		const { bytes } = await exported(key, id, "svg");
		const svg = new TextDecoder().decode(bytes);
		expect(svg).toContain("<title>bell</title>");
		expect(svg).toContain(">xy<");
		await exported(key, id, "png");
		await exported(key, id, "pdf");
	});
});

describe("values at the ends of the doubles", () => {
	it("a map whose values are 0 and the smallest subnormal keeps its colour scale on the canvas and exports", async () => {
		const { key } = await makeAccount();
		const id = await chartWithCsv(key, "map", "region,value\nNY,0\n06,-5e-324\n", { basemap: "us-states" });
		const { bytes } = await exported(key, id, "svg");
		const svg = new TextDecoder().decode(bytes);
		// The scale's labels are short (scientific), so the scale is drawn inside the 800 px canvas.
		expect(svg).toContain("-5E-324");
		const scaleX = Number(/clip-path="url[^"]*"[\s\S]{0,200}?transform="matrix\(0,-1,1,0,([\d.]+),/.exec(svg)?.[1]);
		expect(scaleX).toBeLessThan(800);
		await exported(key, id, "png");
		await exported(key, id, "pdf");
	});

	it("a chart of values near the largest double exports in every format", async () => {
		const { key } = await makeAccount();
		const id = await chartWithCsv(key, "line", "x,a\nq1,1e300\nq2,-1e300\nq3,0\n");
		for (const format of ["svg", "png", "pdf"] as const) await exported(key, id, format);
	});
});

describe("map regions in the warnings header", () => {
	it("a region cell holding a quoted CR/LF: every export answers 200 with an ASCII header", async () => {
		const { key } = await makeAccount();
		const id = await chartWithCsv(key, "map", 'country,v\n"At\r\nlantis <script>",5\nFRA,3\n');
		for (const format of ["svg", "png", "pdf"] as const) {
			const { res } = await exported(key, id, format);
			const header = res.headers.get("X-Render-Warnings") ?? "";
			expect(header).not.toMatch(/[\r\n<>]/);
			expect(warningsOf(res)).toBe("regions not on the map: At\nlantis <script>");
		}
		await exported(key, id, "csv");
	});

	it("300 unknown regions with long names: the header stays within 1 KiB and counts the rest", async () => {
		const { key } = await makeAccount();
		const rows = Array.from({ length: 300 }, (_, i) => `Nowhere land number ${i}, a place no atlas has heard of é,${i}`);
		const id = await chartWithCsv(
			key,
			"map",
			`country,v\nFRA,1\n${rows.map((r) => `"${r.slice(0, r.lastIndexOf(","))}"${r.slice(r.lastIndexOf(","))}`).join("\n")}\n`,
		);
		for (const format of ["svg", "png"] as const) {
			const { res } = await exported(key, id, format);
			expect(new TextEncoder().encode(res.headers.get("X-Render-Warnings") ?? "").byteLength).toBeLessThanOrEqual(1024);
			const warning = warningsOf(res);
			// Long names are cut to 40 characters.
			expect(warning).toContain("regions not on the map: Nowhere land number 0, a place no atlas ..., Nowhere land number 1");
			const named = (warning.match(/Nowhere land number/g) ?? []).length;
			expect(Number(/ and (\d+) more/.exec(warning)?.[1]) + named).toBe(300);
		}
	});
});

describe("PNG pixel budget (16 megapixels)", () => {
	it(
		"refuses 4000×4000 at scale 4 and at the default scale 2, naming scale 1; 2000×2000 at scale 2 draws",
		async () => {
			const { key } = await makeAccount();
			const id = await chartWithCsv(key, "map", "country,v\nFRA,1\nDEU,2\n");
			for (const query of ["?w=4000&h=4000&scale=4", "?w=4000&h=4000"]) {
				const refused = await callJson<ErrorBody>(key, "GET", `/v1/charts/${id}/export/png${query}`);
				expect(refused.status).toBe(422);
				expect(refused.body.error.code).toBe("invalid_query");
				expect(refused.body.error.message).toContain("The largest scale for this size is 1: use scale=1");
				expect(refused.body.error.details).toMatchObject({ path: "scale", maxPixels: 16_000_000, largestScale: 1 });
			}
			// The chart's own size counts too.
			await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { w: 4000, h: 4000 } } });
			expect((await call(key, "GET", `/v1/charts/${id}/export/png`)).status).toBe(422);
			const { bytes } = await exported(key, id, "png", "?w=2000&h=2000&scale=2");
			// A PNG's width and height sit at bytes 16–23 of its IHDR chunk.
			const view = new DataView(bytes.buffer);
			expect([view.getUint32(16), view.getUint32(20)]).toEqual([4000, 4000]);
			// Vector formats have no pixel budget.
			await exported(key, id, "svg", "?w=4000&h=4000&scale=4");
		},
		heavy,
	);
});
