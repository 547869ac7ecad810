/**
 * The malicious fonts found in the second hardening round through the API: each malformed upload is 422 `invalid_font`
 * naming the problem and stores nothing; a character map of 2,000 groups is accepted and drawn;
 * a font stored before the checks (units per em 0) leaves every export a 200 with a warning
 * instead of a 500; the per-workspace quota, also for two uploads racing for the last place;
 * and the embed host serving an uploaded font only while a published page names it.
 * The fonts are DejaVu Serif (free licence) taken apart and rebuilt by test/harness/workerd/sfnt-writer.ts.
 */
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import dejavuSerif from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf";
import dejavuSerifBold from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf";
import { fontQuota } from "../../../src/api/console/fonts";
import { insertFontWithinQuota } from "../../../src/db/fonts";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { builtInThemes, type ThemeDefinition } from "../../../src/domain/themes";
import { buildServices } from "../../../src/request-services";
import { base, call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { callWithSession, signIn, type TestSession } from "../../harness/workerd/session";
import {
	cmapTable,
	format8,
	format12,
	format14,
	patched16,
	tablesOf,
	transformedGlyf,
	withTables,
	woff2File,
} from "../../harness/workerd/sfnt-writer";

const password = "a long enough password";
const classic = builtInThemes[0]?.definition as ThemeDefinition;
const serif = new Uint8Array(dejavuSerif);
const tables = tablesOf(serif);

async function session(): Promise<TestSession & { workspaceId: string; key: string }> {
	const account = await makeAccount({ password });
	return { ...(await signIn(account.email, password)), workspaceId: account.workspaceId, key: account.key };
}

async function upload(s: TestSession, body: Uint8Array | ArrayBuffer) {
	const res = await exports.default.fetch(
		new Request(`${base}/console/api/fonts`, {
			method: "POST",
			headers: { Cookie: s.cookie, "X-CSRF-Token": s.csrfToken, "Content-Type": "font/ttf" },
			body,
		}),
	);
	return { status: res.status, body: (await res.json()) as { id?: string; error?: { code: string; message: string; details?: unknown } } };
}

function fontCount(workspaceId: string): Promise<number | null> {
	return env.DB.prepare("SELECT COUNT(*) AS n FROM fonts WHERE workspace_id = ?").bind(workspaceId).first<number>("n");
}

/** A font row and its file stored directly, as an upload accepted before today's checks was. */
async function storeDirectly(s: { workspaceId: string; accountId: string }, bytes: Uint8Array, weight = 400, byteSize = bytes.byteLength) {
	const id = `fn_direct${crypto.randomUUID().replaceAll("-", "")}`;
	const r2Key = `fonts/${s.workspaceId}/${id}.ttf`;
	await env.BLOBS.put(r2Key, bytes);
	await env.DB.prepare(
		"INSERT INTO fonts (id, workspace_id, account_id, family, style, weight, scripts, format, byte_size, r2_key, created_at) VALUES (?, ?, ?, 'DejaVu Serif', 'normal', ?, '[]', 'ttf', ?, ?, 0)",
	)
		.bind(id, s.workspaceId, s.accountId, weight, byteSize, r2Key)
		.run();
	return id;
}

/** A theme drawing in DejaVu Serif and a line chart in it. */
async function serifChart(s: TestSession & { key: string }, family = "DejaVu Serif") {
	const theme = await callWithSession(s, "POST", "/console/api/themes", {
		body: { ...classic, name: "Serif", fonts: { ...classic.fonts, family } },
	});
	expect(theme.status).toBe(201);
	const chart = await callJson<{ id: string }>(s.key, "POST", "/v1/charts", {
		body: { data: layoutExamples.line.csv, meta: { title: "Life expectancy", w: 640, h: 400, theme: theme.body.id } },
	});
	expect(chart.status).toBe(201);
	return { chartId: chart.body.id, themeId: theme.body.id as string };
}

describe("font uploads a stranger could send", () => {
	it("answers 422 invalid_font naming the problem for each malformed file, and stores none", async () => {
		const s = await session();
		const head = tables.get("head") as Uint8Array;
		const rest = [...tables].filter(([tag]) => tag !== "glyf" && tag !== "loca").map(([tag, data]) => ({ tag, data }));
		const cases: [string, Uint8Array, string][] = [
			[
				"cmap format 8",
				withTables(serif, { cmap: cmapTable([{ platform: 3, encoding: 1, body: format8(0x41, 0x5a, 36) }]) }),
				"format 8 subtable",
			],
			["cmap format 14", withTables(serif, { cmap: cmapTable([{ platform: 0, encoding: 3, body: format14() }]) }), "format 14 subtable"],
			[
				"format 12 over U+0021..U+10FFFF",
				withTables(serif, { cmap: cmapTable([{ platform: 3, encoding: 10, body: format12([[0x21, 0x10ffff, 36]]) }]) }),
				"but the font has",
			],
			["3-byte post", withTables(serif, { post: new Uint8Array([0, 3, 0]) }), "post table is 3 bytes"],
			["unitsPerEm 0", withTables(serif, { head: patched16(head, 18, 0) }), "0 units per em"],
			[
				"WOFF2 glyph of 420,000 points",
				woff2File([
					...rest,
					{ tag: "glyf", data: transformedGlyf(7, 60_000), transformed: true },
					{ tag: "loca", data: new Uint8Array(0), transformed: true },
				]),
				"glyph 0 has more than 65535 points",
			],
		];
		for (const [what, file, says] of cases) {
			const res = await upload(s, file);
			expect(res.status, what).toBe(422);
			expect(res.body.error?.code, what).toBe("invalid_font");
			expect(res.body.error?.message, what).toContain(says);
		}
		expect(await fontCount(s.workspaceId)).toBe(0);
	});

	it("accepts a character map of 2,000 format 12 groups over U+0021..U+FFFF and draws with it", async () => {
		const s = await session();
		const groups: [number, number, number][] = Array.from({ length: 2000 }, (_, i) => [0x21 + i * 32, 0x21 + i * 32 + 29, 36 + (i % 50)]);
		const res = await upload(s, withTables(serif, { cmap: cmapTable([{ platform: 3, encoding: 10, body: format12(groups) }]) }));
		expect(res.status).toBe(201);
		const { chartId } = await serifChart(s);
		const svg = await call(s.key, "GET", `/v1/charts/${chartId}/export/svg`);
		expect(svg.status).toBe(200);
		expect(await svg.text()).toContain('font-family:"DejaVu Serif"');
	});

	it("keeps exports of a theme whose stored font has 0 units per em at 200, leaving the font out with a warning", async () => {
		const s = await session();
		await storeDirectly(s, withTables(serif, { head: patched16(tables.get("head") as Uint8Array, 18, 0) }));
		const { chartId } = await serifChart(s);
		for (const format of ["pdf", "svg", "png"]) {
			const res = await call(s.key, "GET", `/v1/charts/${chartId}/export/${format}`);
			expect(res.status, format).toBe(200);
			expect(decodeURIComponent(res.headers.get("X-Render-Warnings") ?? ""), format).toContain(
				"the uploaded font DejaVu Serif (400 normal, fn_direct",
			);
			expect(decodeURIComponent(res.headers.get("X-Render-Warnings") ?? ""), format).toContain("0 units per em");
		}
	});

	it("loads only the faces it draws: 20 unusable light and italic files of the family are never read", async () => {
		const s = await session();
		const broken = withTables(serif, { head: patched16(tables.get("head") as Uint8Array, 18, 0) });
		for (let i = 0; i < 20; i++) await storeDirectly(s, broken, 100 + (i % 2) * 100);
		expect((await upload(s, dejavuSerif)).status).toBe(201);
		expect((await upload(s, dejavuSerifBold)).status).toBe(201);
		const { chartId } = await serifChart(s);
		const res = await call(s.key, "GET", `/v1/charts/${chartId}/export/pdf`);
		expect(res.status).toBe(200);
		expect(res.headers.get("X-Render-Warnings")).toBeNull();
	});
});

describe("the per-workspace font quota", () => {
	it("refuses a file past the file count or the bytes with 422 invalid_font and the numbers", async () => {
		const full = await session();
		for (let i = 0; i < fontQuota.files; i++) await storeDirectly(full, serif, 400, 1000);
		const refused = await upload(full, dejavuSerif);
		expect(refused.status).toBe(422);
		expect(refused.body.error?.code).toBe("invalid_font");
		expect(refused.body.error?.message).toContain("keeps 24 fonts, the most it may keep (24)");
		expect(refused.body.error?.details).toEqual({ quota: fontQuota, used: { files: 24, bytes: 24_000 } });

		const heavy = await session();
		await storeDirectly(heavy, serif, 400, fontQuota.bytes - 100_000);
		const tooMuch = await upload(heavy, dejavuSerif);
		expect(tooMuch.status).toBe(422);
		expect(tooMuch.body.error?.message).toMatch(/would pass the 32 MiB a workspace may keep/);
		expect(await fontCount(heavy.workspaceId)).toBe(1);
		expect((await env.BLOBS.list({ prefix: `fonts/${heavy.workspaceId}/` })).objects).toHaveLength(1);
	});

	it("stores one row of five racing for the last place: the quota is checked by the insert itself", async () => {
		const s = await session();
		for (let i = 0; i < fontQuota.files - 1; i++) await storeDirectly(s, serif, 400, 1000);
		const db = buildServices(env, createExecutionContext()).db;
		const row = (i: number) => ({
			id: `fn_race${i}${s.workspaceId}`,
			workspaceId: s.workspaceId,
			accountId: s.accountId,
			family: "DejaVu Serif",
			style: "normal" as const,
			weight: 400,
			scripts: [],
			format: "ttf" as const,
			byteSize: 1000,
			r2Key: `fonts/${s.workspaceId}/race${i}.ttf`,
			createdAt: 0,
		});
		const stored = await Promise.all([0, 1, 2, 3, 4].map((i) => insertFontWithinQuota(db, row(i), fontQuota)));
		expect(stored.filter(Boolean)).toHaveLength(1);
		expect(await fontCount(s.workspaceId)).toBe(fontQuota.files);
	});

	it("gives the last place to one of two uploads racing for it", async () => {
		const s = await session();
		for (let i = 0; i < fontQuota.files - 1; i++) await storeDirectly(s, serif, 400, 1000);
		const answers = await Promise.all([upload(s, dejavuSerif), upload(s, dejavuSerifBold)]);
		expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
		expect(await fontCount(s.workspaceId)).toBe(fontQuota.files);
		expect((await env.BLOBS.list({ prefix: `fonts/${s.workspaceId}/` })).objects).toHaveLength(fontQuota.files);
	});
});

describe("uploaded fonts on the embed host", () => {
	const fontUrl = (id: string) => `http://localhost:8787/embed/_fonts/${id}.ttf`;
	const status = async (id: string) => (await exports.default.fetch(new Request(fontUrl(id)))).status;

	it("serves a font only while a published page names it", async () => {
		const s = await session();
		const fontId = (await upload(s, dejavuSerif)).body.id as string;
		const { chartId, themeId } = await serifChart(s);
		// Uploaded, named by a theme, but on no published page: 404.
		expect(await status(fontId)).toBe(404);
		const published = await callJson<{ embedUrl: string }>(s.key, "POST", `/v1/charts/${chartId}/publish`);
		expect(published.status).toBe(200);
		expect(await (await exports.default.fetch(new Request(published.body.embedUrl))).text()).toContain(`/_fonts/${fontId}.ttf`);
		expect(await status(fontId)).toBe(200);
		// Another workspace's unpublished font stays 404 beside it.
		const other = await session();
		expect(await status((await upload(other, dejavuSerif)).body.id as string)).toBe(404);

		// Republished in a theme without it: the page no longer names it.
		await callWithSession(s, "PATCH", `/console/api/themes/${themeId}`, { body: { fonts: { family: "Inter" } } });
		expect((await callJson(s.key, "POST", `/v1/charts/${chartId}/publish`)).status).toBe(200);
		expect(await status(fontId)).toBe(404);
		// Back in the theme and published again (from the snapshot cache: nothing is drawn), then taken down.
		await callWithSession(s, "PATCH", `/console/api/themes/${themeId}`, { body: { fonts: { family: "DejaVu Serif" } } });
		expect((await callJson(s.key, "POST", `/v1/charts/${chartId}/publish`)).status).toBe(200);
		expect(await status(fontId)).toBe(200);
		expect((await call(s.key, "DELETE", `/v1/charts/${chartId}/publish`)).status).toBe(200);
		expect(await status(fontId)).toBe(404);
	});
});
