/**
 * Guard against prototype pollution: texts that name Object.prototype's members,
 * drawn in every kind and every format, must leave the isolate's built-ins untouched. The
 * Worker runs in this test's isolate (the Cloudflare vitest plugin), so a pollution it causes is visible
 * here, and so is its effect on the next tenant (zod strict objects refusing `prev`/`next`).
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ChartKind } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { fullTier, kindsForTier } from "../../harness/workerd/tier";

const hostileTexts = ["__proto__", "constructor", "prototype", "hasOwnProperty", "prev", "next", "toString", "valueOf"] as const;

/** The built-ins a text-keyed cache on a plain object can write to, by the key that reaches each. */
const watched: Record<string, object> = {
	"Object.prototype": Object.prototype,
	Object,
	"Function.prototype": Function.prototype,
	"Object.prototype.toString": Object.prototype.toString,
	"Object.prototype.valueOf": Object.prototype.valueOf,
	"Object.prototype.hasOwnProperty": Object.prototype.hasOwnProperty,
	"Array.prototype": Array.prototype,
	"String.prototype": String.prototype,
};

function ownNames(): Record<string, string[]> {
	return Object.fromEntries(Object.entries(watched).map(([name, value]) => [name, Object.getOwnPropertyNames(value).sort()]));
}

// Taken when the file loads, before any request: what the built-ins hold untouched.
const untouched = ownNames();

function expectBuiltInsUntouched(): void {
	expect(ownNames()).toEqual(untouched);
	const empty: Record<string, unknown> = {};
	expect(empty.prev).toBeUndefined();
	expect(empty.next).toBeUndefined();
}

const numberOrDate = /^(?:-?\d+(?:\.\d+)?|\d{4}-\d{2}(?:-\d{2})?)$/;

/** Extra layouts beside the examples, for roles the examples do not have (scatter groups). */
const extraCsvs: Partial<Record<ChartKind, string>> = {
	scatter: "country,continent,gdp per capita,life expectancy\nChile,America,15.4,80.2\nPeru,America,7.1,76.7\nSpain,Europe,30.1,83.2\n",
};

/**
 * The kind's example CSV with every column name and every text cell (categories, labels,
 * regions, nodes, groups, paths) replaced by hostile texts, starting at `offset` so that over
 * all offsets each hostile text takes each role. Equal cells stay equal, so a sankey stays
 * acyclic and a treemap keeps its paths.
 */
function hostileCsv(csv: string, offset: number): string {
	const [header = [], ...rows] = csv
		.trim()
		.split("\n")
		.map((line) => line.split(","));
	const substitutes = new Map<string, string>();
	const substitute = (cell: string): string => {
		if (numberOrDate.test(cell)) return cell;
		let text = substitutes.get(cell);
		if (text === undefined) {
			text = hostileTexts[(offset + substitutes.size) % hostileTexts.length] as string;
			substitutes.set(cell, text);
		}
		return text;
	};
	const names = header.map((_, index) => hostileTexts[(offset + index) % hostileTexts.length] as string);
	return [names, ...rows.map((row) => row.map(substitute))].map((line) => line.join(",")).join("\n");
}

function csvsFor(kind: ChartKind, offset: number): string[] {
	const csvs = [hostileCsv(layoutExamples[kind].csv, offset)];
	const extra = extraCsvs[kind];
	if (extra) csvs.push(hostileCsv(extra, offset));
	// Unknown regions only draw an empty map: keep real ones beside the hostile names.
	if (kind === "map") csvs[0] = `${csvs[0]}\n${layoutExamples.map.csv.trim().split("\n").slice(1).join("\n")}`;
	return csvs;
}

/** 200, or a 4xx with an `{ error }` body; never a 5xx. Answers what was not 200, for the message. */
async function expectHandled(response: Response, what: string): Promise<string | null> {
	expect(response.status, what).toBeLessThan(500);
	if (response.status === 200 || response.status === 201) {
		await response.arrayBuffer();
		return null;
	}
	const body = (await response.json()) as ErrorBody;
	expect(typeof body.error?.code, what).toBe("string");
	return `${what}: ${response.status} ${body.error.code}`;
}

/*
 * Every offset is drawn as SVG and CSV, so each hostile text takes each role (title, names,
 * series) in the drawing. PNG, PDF and publish draw the same option and then hand the SVG to
 * resvg, pdfkit and the embed page; they run at two offsets, whose subtitle carries every hostile
 * text on a line of its own (zrender measures each line as its own key), which keeps the file's
 * runtime moderate while every text still reaches every format (one offset in the quick tier).
 */
const everyOffsetFormats = ["svg", "csv"] as const;
const heavyFormats = ["png", "pdf"] as const;
// In the quick tier only offset 0, whose subtitle already carries every hostile text to PNG, PDF and publish.
const heavyOffsets = new Set(fullTier ? [0, 4] : [0]);

/** Draws one chart per kind through every hostile CSV and meta, in every format, then publishes. */
async function drawHostile(key: string, kind: ChartKind): Promise<string[]> {
	const refused: string[] = [];
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind } });
	expect(created.status).toBe(201);
	const id = created.body.id;
	for (let offset = 0; offset < hostileTexts.length; offset++) {
		const text = hostileTexts[offset] as string;
		const heavy = heavyOffsets.has(offset);
		for (const csv of csvsFor(kind, offset)) {
			// Transform keys must name current series, so they go before the data changes.
			const cleared = await call(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { seriesTransform: null } } });
			expect(cleared.status).toBe(200);
			await cleared.arrayBuffer();
			const put = await call(key, "PUT", `/v1/charts/${id}/data`, { rawBody: csv, headers: { "Content-Type": "text/csv" } });
			const putProblem = await expectHandled(put, `${kind} data ${JSON.stringify(csv)}`);
			if (putProblem) {
				refused.push(putProblem);
				continue;
			}
			const chart = await callJson<{ series: string[] }>(key, "GET", `/v1/charts/${id}`);
			// Every series (named by a hostile text) gets a transform keyed by its name.
			const seriesTransform = Object.fromEntries(chart.body.series.map((name) => [name, { ops: [{ fn: "multiply", args: [2] }] }]));
			const patched = await callJson(key, "PATCH", `/v1/charts/${id}`, {
				// A small drawing keeps PNG, PDF and publish quick; the texts and names are what matter.
				body: {
					meta: { title: text, subtitle: heavy ? hostileTexts.join("\n") : text, sourceText: text, seriesTransform, w: 400, h: 250 },
				},
			});
			expect(patched.status, `${kind} meta with transforms on ${chart.body.series.join(", ")}`).toBe(200);
			expect(Object.keys((patched.body.meta as { seriesTransform: object }).seriesTransform).sort()).toEqual([...chart.body.series].sort());
			for (const format of heavy ? [...everyOffsetFormats, ...heavyFormats] : everyOffsetFormats) {
				const exported = await call(key, "GET", `/v1/charts/${id}/export/${format}${format === "png" ? "?scale=1" : ""}`);
				const problem = await expectHandled(exported, `${kind} ${format} "${text}"`);
				if (problem) refused.push(problem);
			}
			if (!heavy) continue;
			const published = await call(key, "POST", `/v1/charts/${id}/publish`);
			const publishProblem = await expectHandled(published.clone(), `${kind} publish "${text}"`);
			if (publishProblem) refused.push(publishProblem);
			else {
				const { embedUrl } = (await published.json()) as { embedUrl: string };
				const page = await exports.default.fetch(new Request(embedUrl));
				expect(page.status, `${kind} embed "${text}"`).toBe(200);
				await page.arrayBuffer();
			}
		}
	}
	return refused;
}

/** Another tenant's everyday requests, which a polluted prototype breaks. */
async function expectOtherTenantServed(): Promise<void> {
	const { key } = await makeAccount();
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { data: "x,A\n1,2\n", meta: { seriesTransform: { A: { ops: [{ fn: "multiply", args: [2] }] } } } },
	});
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const png = await call(key, "GET", `/v1/charts/${created.body.id}/export/png`);
	expect(png.status).toBe(200);
	await png.arrayBuffer();
}

describe("hostile names never pollute the isolate", () => {
	it("the issue's reproducer: a __proto__ title and label, drawn as SVG, leave other tenants served", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "horizontal-bar", data: "label,v\n__proto__,2\nb,3\n", meta: { title: "__proto__" } },
		});
		expect(created.status).toBe(201);
		const svg = await call(key, "GET", `/v1/charts/${created.body.id}/export/svg`);
		expect(svg.status).toBe(200);
		expect(await svg.text()).toContain(">__proto__<");
		expectBuiltInsUntouched();
		await expectOtherTenantServed();
	});

	// Every kind under `npm run test:full`; one per embed client family in `npm test` (test/harness/workerd/tier.ts).
	for (const kind of kindsForTier()) {
		it(`${kind}: hostile titles, names and series in every format and publish`, { timeout: 120_000 }, async () => {
			// An account per kind, so the per-minute request budget never runs out.
			const { key } = await makeAccount();
			const refused = await drawHostile(key, kind);
			// Hostile names are valid names: every layout the example accepts, it accepts renamed.
			expect(refused).toEqual([]);
			expectBuiltInsUntouched();
		});
	}

	it("afterwards another workspace still creates a chart with a transform and exports PNG", async () => {
		expectBuiltInsUntouched();
		await expectOtherTenantServed();
	});
});

describe("a seriesTransform keyed __proto__", () => {
	it("is refused like any unknown key, listing the valid series names", async () => {
		const { key } = await makeAccount();
		const body = JSON.parse('{"data":"x,A\\n1,2\\n","meta":{"seriesTransform":{"__proto__":{"hidden":true}}}}') as unknown;
		const created = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body });
		expect(created.status).toBe(422);
		expect(created.body.error.code).toBe("invalid_transform");
		expect(created.body.error.message).toContain('"__proto__" is not a series');
		expect(created.body.error.message).toContain('Valid names: "A"');

		const chart = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data: "x,A\n1,2\n" } });
		const patch = JSON.parse('{"meta":{"seriesTransform":{"__proto__":{"ops":[{"fn":"multiply","args":[2]}]}}}}') as unknown;
		const patched = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${chart.body.id}`, { body: patch });
		expect(patched.status).toBe(422);
		expect(patched.body.error.code).toBe("invalid_transform");
		expectBuiltInsUntouched();
	});

	it("is invalid when its transform is, like any other key", async () => {
		const { key } = await makeAccount();
		const body = JSON.parse(
			'{"data":"x,__proto__\\n1,2\\n","meta":{"seriesTransform":{"__proto__":{"ops":[{"fn":"divide","args":[0]}]}}}}',
		) as unknown;
		const created = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body });
		expect(created.status).toBe(422);
		expect(created.body.error.code).toBe("invalid_transform");
		expect(created.body.error.message).toBe("meta.seriesTransform.__proto__.ops[0]: divide by 0 is not allowed");
	});

	it("applies to a series that is really named __proto__, is stored, merged and removed like any key", async () => {
		const { key } = await makeAccount();
		const body = JSON.parse(
			'{"data":"x,__proto__,B\\n1,2,3\\n2,5,7\\n","meta":{"seriesTransform":{"__proto__":{"ops":[{"fn":"multiply","args":[10]}]}}}}',
		) as unknown;
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body });
		expect(created.status).toBe(201);
		const stored = await callJson<{ series: string[] }>(key, "GET", `/v1/charts/${created.body.id}`);
		expect(stored.body.series).toEqual(["__proto__", "B"]);
		expect(JSON.stringify(stored.body)).toContain('"seriesTransform":{"__proto__":{"ops":[{"fn":"multiply","args":[10]}]}}');

		const csv = await (await call(key, "GET", `/v1/charts/${created.body.id}/export/csv`)).text();
		expect(csv.split("\n").slice(0, 3)).toEqual(["x,__proto__,__proto__ (transformed),B", "1,2,20,3", "2,5,50,7"]);

		// A merge patch adds a sibling key and keeps __proto__; null removes it.
		const merged = await call(key, "PATCH", `/v1/charts/${created.body.id}`, {
			body: { meta: { seriesTransform: { B: { hidden: true } } } },
		});
		expect(merged.status).toBe(200);
		expect(await merged.text()).toContain('"seriesTransform":{"__proto__":{"ops":[{"fn":"multiply","args":[10]}]},"B":{"hidden":true}}');
		const removal = JSON.parse('{"meta":{"seriesTransform":{"__proto__":null}}}') as unknown;
		const removed = await call(key, "PATCH", `/v1/charts/${created.body.id}`, { body: removal });
		expect(removed.status).toBe(200);
		expect(await removed.text()).toContain('"seriesTransform":{"B":{"hidden":true}}');
		expectBuiltInsUntouched();
	});
});
