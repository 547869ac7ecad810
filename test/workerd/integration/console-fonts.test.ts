/**
 * The console's font routes (docs/design.md#d33): upload of a real font (as the raw
 * body and as a multipart form), refusal of a renamed non-font (422 `invalid_font`) and of a file
 * over 4 MiB (413), list, file, delete, 409 while a theme names the family, isolation between
 * workspaces, session only and CSRF.
 *
 * The fonts are the DejaVu fonts the Worker already depends on (`dejavu-fonts-ttf`; DejaVu's
 * licence, a free Bitstream Vera derivative, lets them be copied and redistributed), and one of
 * them as WOFF2 in `test/fixtures/fonts/`: DejaVu Serif is a family the Worker does not bundle,
 * so a theme naming it only draws with an upload.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import dejavuSerif from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf";
import dejavuSerifBold from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf";
import { builtInThemes, type ThemeDefinition } from "../../../src/domain/themes";
import dejavuSerifItalicWoff2 from "../../fixtures/fonts/DejaVuSerif-Italic.woff2";
import { base, call } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { callWithSession, signIn, type TestSession } from "../../harness/workerd/session";

const password = "a long enough password";
const classic = builtInThemes[0]?.definition as ThemeDefinition;

async function session(): Promise<TestSession & { workspaceId: string; key: string }> {
	const account = await makeAccount({ password });
	return { ...(await signIn(account.email, password)), workspaceId: account.workspaceId, key: account.key };
}

interface FontAnswer {
	id: string;
	family: string;
	style: string;
	weight: number;
	scripts: string[];
	format: string;
	byteSize: number;
	fileUrl: string;
}

async function upload(
	s: TestSession,
	body: BodyInit,
	options: { contentType?: string; csrf?: boolean } = {},
): Promise<{ status: number; body: FontAnswer & { error?: { code: string; message: string; details?: unknown } } }> {
	const headers: Record<string, string> = { Cookie: s.cookie };
	if (options.contentType !== undefined) headers["Content-Type"] = options.contentType;
	if (options.csrf !== false) headers["X-CSRF-Token"] = s.csrfToken;
	const res = await exports.default.fetch(new Request(`${base}/console/api/fonts`, { method: "POST", headers, body }));
	return { status: res.status, body: await res.json() };
}

const ttf = { contentType: "font/ttf" };

describe("/console/api/fonts", () => {
	it("stores a real TTF: family, style, weight and scripts read from the file, the row and the R2 object kept", async () => {
		const s = await session();
		const res = await upload(s, dejavuSerif, ttf);
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({
			family: "DejaVu Serif",
			style: "normal",
			weight: 400,
			format: "ttf",
			byteSize: dejavuSerif.byteLength,
		});
		expect(res.body.scripts).toEqual(expect.arrayContaining(["Latin", "Latin Extended", "Greek", "Cyrillic"]));
		expect(res.body.scripts).not.toContain("Han");
		const row = await env.DB.prepare("SELECT workspace_id, account_id, family, weight, r2_key FROM fonts WHERE id = ?")
			.bind(res.body.id)
			.first<{ workspace_id: string; account_id: string; family: string; weight: number; r2_key: string }>();
		expect(row).toMatchObject({ workspace_id: s.workspaceId, account_id: s.accountId, family: "DejaVu Serif", weight: 400 });
		const object = await env.BLOBS.get(row?.r2_key ?? "");
		expect(object?.size).toBe(dejavuSerif.byteLength);

		const file = await exports.default.fetch(new Request(`${base}${res.body.fileUrl}`, { headers: { Cookie: s.cookie } }));
		expect(file.status).toBe(200);
		expect(file.headers.get("Content-Type")).toBe("font/ttf");
		expect(file.headers.get("Cache-Control")).toContain("immutable");
		expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(dejavuSerif));
	});

	it("takes the file as a multipart form's file field too, and reads a bold face's weight", async () => {
		const s = await session();
		const form = new FormData();
		form.set("file", new File([dejavuSerifBold], "DejaVuSerif-Bold.ttf", { type: "font/ttf" }));
		const res = await upload(s, form);
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ family: "DejaVu Serif", weight: 700, style: "normal" });
	});

	it("unpacks a WOFF2 upload: the stored and served file is the TTF inside, italic read from it", async () => {
		const s = await session();
		const res = await upload(s, dejavuSerifItalicWoff2, { contentType: "font/woff2" });
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ family: "DejaVu Serif", style: "italic", weight: 400, format: "ttf" });
		const file = await exports.default.fetch(new Request(`${base}${res.body.fileUrl}`, { headers: { Cookie: s.cookie } }));
		const bytes = new Uint8Array(await file.arrayBuffer());
		expect(bytes.byteLength).toBe(res.body.byteSize);
		expect([...bytes.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
		// A WOFF2 cut short is refused with the reason, not a 500.
		const cut = await upload(s, dejavuSerifItalicWoff2.slice(0, 2000), { contentType: "font/woff2" });
		expect(cut.status).toBe(422);
		expect(cut.body.error?.code).toBe("invalid_font");
		expect(cut.body.error?.message).toContain("The WOFF2 file cannot be unpacked");
	});

	it("refuses a PNG renamed .ttf with 422 invalid_font saying what the file is, and stores nothing", async () => {
		const s = await session();
		const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
		const res = await upload(s, png, ttf);
		expect(res.status).toBe(422);
		expect(res.body.error?.code).toBe("invalid_font");
		expect(res.body.error?.message).toContain("PNG image, not a font");
		const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM fonts WHERE workspace_id = ?").bind(s.workspaceId).first("n");
		expect(count).toBe(0);
	});

	it("refuses a damaged font (a TrueType header over garbage) and a font collection, naming why", async () => {
		const s = await session();
		const damaged = new Uint8Array(dejavuSerif.slice(0, 4096));
		damaged.fill(0xff, 12);
		const broken = await upload(s, damaged, ttf);
		expect(broken.status).toBe(422);
		expect(broken.body.error?.code).toBe("invalid_font");
		expect(broken.body.error?.message).toMatch(
			/damaged or not a font the renderer can draw with: a table with an unreadable tag extends past the end of the file/,
		);
		const collection = await upload(s, new TextEncoder().encode("ttcf\u0000\u0002\u0000\u0000\u0000\u0000\u0000\u0001padding"), ttf);
		expect(collection.status).toBe(422);
		expect(collection.body.error?.message).toContain("font collection");
	});

	it("refuses a file over 4 MiB with 413, raw or in a form", async () => {
		const s = await session();
		const big = new Uint8Array(4 * 1024 * 1024 + 1);
		big.set(new Uint8Array(dejavuSerif.slice(0, 1024)));
		const raw = await upload(s, big, ttf);
		expect(raw.status).toBe(413);
		expect(raw.body.error?.code).toBe("payload_too_large");
		const form = new FormData();
		form.set("file", new File([big], "big.ttf"));
		const multipart = await upload(s, form);
		expect(multipart.status).toBe(413);
		expect(multipart.body.error?.message).toContain("4 MiB");
	});

	it("refuses another media type with 415 naming the ones it takes", async () => {
		const s = await session();
		const res = await upload(s, dejavuSerif, { contentType: "image/png" });
		expect(res.status).toBe(415);
		expect(res.body.error?.message).toContain("font/ttf");
	});

	it("lists the workspace's fonts by family and weight, and deletes one (row and file)", async () => {
		const s = await session();
		const bold = await upload(s, dejavuSerifBold, ttf);
		const regular = await upload(s, dejavuSerif, ttf);
		const list = await callWithSession(s, "GET", "/console/api/fonts");
		expect(list.status).toBe(200);
		const fonts = list.body.fonts as FontAnswer[];
		expect(fonts.map((f) => [f.id, f.weight])).toEqual([
			[regular.body.id, 400],
			[bold.body.id, 700],
		]);
		const key = await env.DB.prepare("SELECT r2_key FROM fonts WHERE id = ?").bind(bold.body.id).first<string>("r2_key");
		const deleted = await callWithSession(s, "DELETE", `/console/api/fonts/${bold.body.id}`);
		expect(deleted.status).toBe(200);
		expect(deleted.body).toEqual({ deleted: true });
		expect(await env.BLOBS.get(key ?? "")).toBeNull();
		const after = await callWithSession(s, "GET", "/console/api/fonts");
		expect((after.body.fonts as FontAnswer[]).map((f) => f.id)).toEqual([regular.body.id]);
		const again = await callWithSession(s, "DELETE", `/console/api/fonts/${bold.body.id}`);
		expect(again.status).toBe(404);
	});

	it("answers 409 naming the themes that use the family, and deletes once no theme does", async () => {
		const s = await session();
		const font = await upload(s, dejavuSerif, ttf);
		const theme = await callWithSession(s, "POST", "/console/api/themes", {
			body: { ...classic, name: "Serif house", fonts: { ...classic.fonts, family: "'DejaVu Serif', Georgia" } },
		});
		expect(theme.status).toBe(201);
		const refused = await callWithSession(s, "DELETE", `/console/api/fonts/${font.body.id}`);
		expect(refused.status).toBe(409);
		expect(refused.body.error?.code).toBe("conflict");
		expect(refused.body.error?.message).toContain('"Serif house"');
		expect((refused.body.error as { details?: unknown }).details).toEqual({ themes: [{ id: theme.body.id, name: "Serif house" }] });
		expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM fonts WHERE id = ?").bind(font.body.id).first("n")).toBe(1);

		await callWithSession(s, "PATCH", `/console/api/themes/${theme.body.id}`, { body: { fonts: { family: "Inter" } } });
		const deleted = await callWithSession(s, "DELETE", `/console/api/fonts/${font.body.id}`);
		expect(deleted.status).toBe(200);
	});

	it("keeps workspaces apart: another workspace's font is 404 to read or delete and is not listed", async () => {
		const owner = await session();
		const other = await session();
		const font = await upload(owner, dejavuSerif, ttf);
		expect((await callWithSession(other, "GET", "/console/api/fonts")).body.fonts).toEqual([]);
		const file = await exports.default.fetch(new Request(`${base}${font.body.fileUrl}`, { headers: { Cookie: other.cookie } }));
		expect(file.status).toBe(404);
		expect((await callWithSession(other, "DELETE", `/console/api/fonts/${font.body.id}`)).status).toBe(404);
		expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM fonts WHERE id = ?").bind(font.body.id).first("n")).toBe(1);
	});

	it("is session only: a bearer key gets 403 session_required; a write without the CSRF token gets 403 csrf_failed", async () => {
		const s = await session();
		const byKey = await call(s.key, "GET", "/console/api/fonts");
		expect(byKey.status).toBe(403);
		expect(((await byKey.json()) as { error: { code: string } }).error.code).toBe("session_required");
		const keyUpload = await exports.default.fetch(
			new Request(`${base}/console/api/fonts`, {
				method: "POST",
				headers: { Authorization: `Bearer ${s.key}`, "Content-Type": "font/ttf" },
				body: dejavuSerif,
			}),
		);
		expect(keyUpload.status).toBe(403);
		const noCsrf = await upload(s, dejavuSerif, { ...ttf, csrf: false });
		expect(noCsrf.status).toBe(403);
		expect(noCsrf.body.error?.code).toBe("csrf_failed");
		const font = await upload(s, dejavuSerif, ttf);
		const deleteNoCsrf = await callWithSession(s, "DELETE", `/console/api/fonts/${font.body.id}`, { csrf: false });
		expect(deleteNoCsrf.status).toBe(403);
		expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM fonts WHERE workspace_id = ?").bind(s.workspaceId).first("n")).toBe(1);
	});

	it("is described in the console's OpenAPI document with its media types", async () => {
		const res = await exports.default.fetch(new Request(`${base}/console/api/openapi.json`));
		const doc = (await res.json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
		expect(Object.keys(doc.paths["/console/api/fonts"]?.post?.requestBody?.content ?? {})).toEqual(
			expect.arrayContaining(["font/ttf", "font/otf", "multipart/form-data"]),
		);
		expect(doc.paths["/console/api/fonts/{id}"]?.delete).toBeDefined();
		expect(doc.paths["/console/api/fonts/{id}/file"]?.get).toBeDefined();
	});
});
