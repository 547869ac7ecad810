/**
 * The theme studio's routes (docs/design.md#d33): session only, built-ins read-only,
 * merge patches re-validated, checks answered but never blocking, workspaces isolated.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { builtInThemes, type ThemeDefinition } from "../../../src/domain/themes";
import { base } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { jpegDataUri, pngDataUri } from "../../harness/workerd/logo-files";
import { callWithSession, signIn, type TestSession } from "../../harness/workerd/session";

const password = "a long enough password";
const classic = builtInThemes[0]?.definition as ThemeDefinition;

async function session(): Promise<TestSession & { workspaceId: string }> {
	const account = await makeAccount({ password });
	return { ...(await signIn(account.email, password)), workspaceId: account.workspaceId };
}

async function create(s: TestSession, definition: unknown = { ...classic, name: "House" }) {
	const res = await callWithSession(s, "POST", "/console/api/themes", { body: definition });
	expect(res.status).toBe(201);
	return res.body as { id: string; checks: { id: string }[] } & Record<string, unknown>;
}

describe("/console/api/themes", () => {
	it("creates a theme from a definition and answers it with its checks; the row is stored", async () => {
		const s = await session();
		const body = await create(s, {
			...classic,
			name: "House",
			colors: { ...classic.colors, light: { ...classic.colors.light, mutedText: "#aaaaaa" } },
		});
		expect(body).toMatchObject({ name: "House", builtIn: false, isDefault: false, chartCount: 0 });
		expect(body.checks.map((c) => c.id)).toContain("contrast:light:mutedText");
		const row = await env.DB.prepare("SELECT name, definition FROM themes WHERE id = ? AND workspace_id = ?")
			.bind(body.id, s.workspaceId)
			.first<{ name: string; definition: string }>();
		expect(row?.name).toBe("House");
		expect(JSON.parse(row?.definition ?? "{}").colors.light.mutedText).toBe("#aaaaaa");
	});

	it("refuses an invalid definition with 422 naming the field", async () => {
		const s = await session();
		const res = await callWithSession(s, "POST", "/console/api/themes", {
			body: { ...classic, colors: { ...classic.colors, dark: { ...classic.colors.dark, palette: ["#000", "#fff"] } } },
		});
		expect(res.status).toBe(422);
		expect(res.body.error?.code).toBe("invalid_body");
		expect(res.body.error?.message).toContain("colors.dark.palette");
	});

	it("lists the workspace's themes, then the built-ins, with definitions and one default", async () => {
		const s = await session();
		const own = await create(s);
		const res = await callWithSession(s, "GET", "/console/api/themes");
		const themes = res.body.themes as {
			id: string;
			builtIn: boolean;
			isDefault: boolean;
			definition: ThemeDefinition;
			checks: unknown[];
		}[];
		expect(themes.map((t) => t.id)).toEqual([own.id, "classic", "newsroom", "contrast", "minimal"]);
		expect(themes.filter((t) => t.isDefault).map((t) => t.id)).toEqual(["classic"]);
		expect(themes[0]?.definition.name).toBe("House");
		expect(Array.isArray(themes[1]?.checks)).toBe(true);
	});

	it("merge-patches the definition, re-validates it, and keeps warnings from blocking the save", async () => {
		const s = await session();
		const own = await create(s);
		const res = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, {
			body: { name: "Renamed", colors: { dark: { text: "#222222" } } },
		});
		expect(res.status).toBe(200);
		expect(res.body.name).toBe("Renamed");
		expect((res.body.colors as ThemeDefinition["colors"]).dark.background).toBe(classic.colors.dark.background);
		expect((res.body.checks as { id: string }[]).map((c) => c.id)).toContain("contrast:dark:text");
		const got = await callWithSession(s, "GET", `/console/api/themes/${own.id}`);
		expect((got.body.colors as ThemeDefinition["colors"]).dark.text).toBe("#222222");
		const bad = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, { body: { fonts: { titleSize: 500 } } });
		expect(bad.status).toBe(422);
		expect(bad.body.error?.message).toContain("fonts.titleSize");
		expect((await callWithSession(s, "GET", `/console/api/themes/${own.id}`)).body.fonts).toEqual(classic.fonts);
	});

	it("refuses to change, delete or default a built-in other than Classic with 403 forbidden", async () => {
		const s = await session();
		expect((await callWithSession(s, "GET", "/console/api/themes/newsroom")).body.builtIn).toBe(true);
		for (const [method, path] of [
			["PATCH", "/console/api/themes/classic"],
			["DELETE", "/console/api/themes/classic"],
			["POST", "/console/api/themes/newsroom/default"],
		] as const) {
			const res = await callWithSession(s, method, path, { body: method === "PATCH" ? { name: "x" } : undefined });
			expect(res.status).toBe(403);
			expect(res.body.error?.code).toBe("forbidden");
			expect(res.body.error?.message).toContain("built-in");
		}
	});

	it("makes a theme the default (only one), and Classic again", async () => {
		const s = await session();
		const a = await create(s);
		const b = await create(s);
		expect((await callWithSession(s, "POST", `/console/api/themes/${a.id}/default`)).body.isDefault).toBe(true);
		expect((await callWithSession(s, "POST", `/console/api/themes/${b.id}/default`)).status).toBe(200);
		const rows = await env.DB.prepare("SELECT id FROM themes WHERE workspace_id = ? AND is_default = 1").bind(s.workspaceId).all();
		expect(rows.results).toEqual([{ id: b.id }]);
		expect((await callWithSession(s, "POST", "/console/api/themes/classic/default")).body.isDefault).toBe(true);
		const none = await env.DB.prepare("SELECT id FROM themes WHERE workspace_id = ? AND is_default = 1").bind(s.workspaceId).all();
		expect(none.results).toEqual([]);
	});

	it("deletes a theme, saying how many charts used it", async () => {
		const s = await session();
		const own = await create(s);
		await callWithSession(s, "POST", `/console/api/themes/${own.id}/default`);
		const chart = await callWithSession(s, "POST", "/v1/charts", {
			body: { kind: "line", data: "year,A\n2020,1\n2021,2\n", meta: { theme: own.id } },
		});
		expect(chart.status).toBe(201);
		expect((await callWithSession(s, "GET", `/console/api/themes/${own.id}`)).body.chartCount).toBe(1);
		const res = await callWithSession(s, "DELETE", `/console/api/themes/${own.id}`);
		expect(res.body).toEqual({ deleted: true, chartCount: 1, wasDefault: true });
		expect((await callWithSession(s, "GET", `/console/api/themes/${own.id}`)).status).toBe(404);
		expect(await env.DB.prepare("SELECT id FROM themes WHERE id = ?").bind(own.id).first()).toBeNull();
	});

	it("answers 404 for another workspace's theme and leaves it alone", async () => {
		const owner = await session();
		const other = await session();
		const own = await create(owner);
		for (const [method, path] of [
			["GET", `/console/api/themes/${own.id}`],
			["PATCH", `/console/api/themes/${own.id}`],
			["DELETE", `/console/api/themes/${own.id}`],
			["POST", `/console/api/themes/${own.id}/default`],
		] as const) {
			const res = await callWithSession(other, method, path, { body: method === "PATCH" ? { name: "Stolen" } : undefined });
			expect(res.status).toBe(404);
			expect(res.body.error?.code).toBe("not_found");
		}
		const row = await env.DB.prepare("SELECT name, is_default FROM themes WHERE id = ?").bind(own.id).first();
		expect(row).toEqual({ name: "House", is_default: 0 });
	});

	it("draws a deleted theme's charts with the workspace default", async () => {
		const s = await session();
		const withPalette = (name: string, first: string) => ({
			...classic,
			name,
			colors: { light: { ...classic.colors.light, palette: [first, "#E69F00", "#009E73"] }, dark: classic.colors.dark },
		});
		const doomed = await create(s, withPalette("Doomed", "#123456"));
		const house = await create(s, withPalette("House", "#7a1f5c"));
		await callWithSession(s, "POST", `/console/api/themes/${house.id}/default`);
		const chart = await callWithSession(s, "POST", "/v1/charts", {
			body: { kind: "line", data: "year,A\n2020,1\n2021,2\n", meta: { theme: doomed.id, mode: "light" } },
		});
		const svgOf = async () => {
			const res = await exports.default.fetch(
				new Request(`http://localhost:8787/v1/charts/${chart.body.id}/export/svg`, { headers: { Cookie: s.cookie } }),
			);
			expect(res.status).toBe(200);
			return (await res.text()).toLowerCase();
		};
		expect(await svgOf()).toContain("#123456");
		await callWithSession(s, "DELETE", `/console/api/themes/${doomed.id}`);
		const after = await svgOf();
		expect(after).not.toContain("#123456");
		expect(after).toContain("#7a1f5c");
	});

	it("keeps a deleted theme's charts editable: other changes, new data and copies pass; naming it anew is 422", async () => {
		const s = await session();
		const doomed = await create(s, { ...classic, name: "Doomed" });
		const chart = await callWithSession(s, "POST", "/v1/charts", {
			body: { kind: "line", data: "year,A\n2020,1\n2021,2\n", meta: { theme: doomed.id, title: "Before" } },
		});
		expect(chart.status).toBe(201);
		const id = chart.body.id as string;
		expect((await callWithSession(s, "DELETE", `/console/api/themes/${doomed.id}`)).status).toBe(200);

		const patched = await callWithSession(s, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "After" } } });
		expect(patched.status).toBe(200);
		expect(patched.body.meta).toMatchObject({ title: "After", theme: doomed.id });
		const data = await exports.default.fetch(
			new Request(`http://localhost:8787/v1/charts/${id}/data`, {
				method: "PUT",
				headers: { Cookie: s.cookie, "X-CSRF-Token": s.csrfToken, "Content-Type": "text/csv" },
				body: "year,A\n2020,3\n2021,4\n",
			}),
		);
		expect(data.status).toBe(200);
		const copy = await callWithSession(s, "POST", `/v1/charts/${id}/copy`);
		expect(copy.status).toBe(201);

		const other = await callWithSession(s, "POST", "/v1/charts", { body: { kind: "line", data: "year,A\n2020,1\n" } });
		const renamed = await callWithSession(s, "PATCH", `/v1/charts/${other.body.id}`, { body: { meta: { theme: doomed.id } } });
		expect(renamed.status).toBe(422);
		expect(renamed.body.error?.code).toBe("invalid_theme");
		const stored = await callWithSession(s, "GET", `/v1/charts/${other.body.id}`);
		expect((stored.body.meta as Record<string, unknown>).theme).toBeUndefined();
	});

	it("needs the CSRF token on writes", async () => {
		const s = await session();
		const res = await callWithSession(s, "POST", "/console/api/themes", { body: classic, csrf: false });
		expect(res.status).toBe(403);
		expect(res.body.error?.code).toBe("csrf_failed");
	});

	it("refuses an SVG logo with a script or an external reference (422 naming it) and stores nothing; a clean SVG is kept", async () => {
		const s = await session();
		const own = await create(s);
		const logo = (svg: string) => ({ logo: { dataUri: `data:image/svg+xml;base64,${btoa(svg)}`, width: 80, position: "top-right" } });
		const hostile = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, {
			body: logo('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><image href="https://evil.test/x.png"/></svg>'),
		});
		expect(hostile.status).toBe(422);
		expect(hostile.body.error?.code).toBe("invalid_body");
		expect(hostile.body.error?.message).toContain("an event attribute onload on <svg>");
		expect(hostile.body.error?.message).toContain('href="https://evil.test/x.png"');
		expect((hostile.body.error as { details?: { path?: string } }).details?.path).toBe("logo.dataUri");
		const stored = await env.DB.prepare("SELECT definition FROM themes WHERE id = ?").bind(own.id).first<{ definition: string }>();
		expect(JSON.parse(stored?.definition ?? "{}").logo).toBeUndefined();

		const created = await callWithSession(s, "POST", "/console/api/themes", {
			body: { ...classic, name: "Scripted", ...logo("<svg><script>alert(1)</script></svg>") },
		});
		expect(created.status).toBe(422);
		expect(created.body.error?.message).toContain("a <script> element");

		const clean = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#7a1f5c"/></svg>';
		const ok = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, { body: logo(clean) });
		expect(ok.status).toBe(200);
		expect((ok.body.logo as { dataUri: string }).dataUri).toBe(`data:image/svg+xml;base64,${btoa(clean)}`);
	});

	it("refuses a PNG logo that is not a PNG", async () => {
		const s = await session();
		const own = await create(s);
		const res = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, {
			body: { logo: { dataUri: `data:image/png;base64,${btoa("GIF89a")}`, width: 80, position: "top-right" } },
		});
		expect(res.status).toBe(422);
		expect(res.body.error?.message).toMatch(/says it is a PNG/);
	});
});

/** A session call with a body sent exactly as given: a body nested 1,800 deep cannot go through JSON.stringify's recursion safely in every runtime. */
async function sendRaw(s: TestSession, method: string, path: string, rawBody: string) {
	const response = await exports.default.fetch(
		new Request(`${base}${path}`, {
			method,
			headers: { Cookie: s.cookie, "X-CSRF-Token": s.csrfToken, "Content-Type": "application/json" },
			body: rawBody,
		}),
	);
	const text = await response.text();
	return { status: response.status, body: JSON.parse(text) as { error?: { code: string; message: string } } };
}

/** `{ "colors": { "x": { "x": … } } }`, `levels` objects deep in all, as a raw JSON body (no recursion to build it). */
function nestedBody(levels: number, innermost = "1"): string {
	return `${'{"colors":'}${'{"x":'.repeat(levels - 2)}${innermost}${"}".repeat(levels - 1)}`;
}

describe("/console/api/themes: D24's limits on every theme write", () => {
	it("answers a PATCH nested ~1,800 deep with 422 in meta's wording, not 500, and changes nothing", async () => {
		const s = await session();
		const own = await create(s);
		const body = nestedBody(1800);
		expect(body.length).toBeLessThan(11_000);
		const res = await sendRaw(s, "PATCH", `/console/api/themes/${own.id}`, body);
		expect(res.status).toBe(422);
		expect(res.body.error?.code).toBe("invalid_body");
		expect(res.body.error?.message).toContain("is nested more than 20 levels deep; the limit is 20 levels of objects and arrays");
		const stored = await env.DB.prepare("SELECT definition FROM themes WHERE id = ?").bind(own.id).first<{ definition: string }>();
		expect(JSON.parse(stored?.definition ?? "{}").colors).toEqual(classic.colors);
	});

	it("takes a patch at exactly 20 levels to validation (the depth limit is not what refuses it)", async () => {
		const s = await session();
		const own = await create(s);
		const res = await sendRaw(s, "PATCH", `/console/api/themes/${own.id}`, nestedBody(20));
		expect(res.status).toBe(422);
		expect(res.body.error?.message).not.toContain("levels deep");
	});

	it("answers the same depth on create with the same 422", async () => {
		const s = await session();
		const deep = `${JSON.stringify({ ...classic, name: "Deep" }).slice(0, -1)},"extra":${nestedBody(1800)}}`;
		const res = await sendRaw(s, "POST", "/console/api/themes", deep);
		expect(res.status).toBe(422);
		expect(res.body.error?.code).toBe("invalid_body");
		expect(res.body.error?.message).toBe("is nested more than 20 levels deep; the limit is 20 levels of objects and arrays");
	});

	it("refuses a patch over 64 KiB as JSON (leaving the logo's data URI out of the count) in meta's wording", async () => {
		const s = await session();
		const own = await create(s);
		const res = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, { body: { name: "x".repeat(70 * 1024) } });
		expect(res.status).toBe(422);
		expect(res.body.error?.message).toMatch(/is 70\.0 KiB as JSON; the limit is 64 KiB/);
	});

	it("refuses a new theme over 64 KiB as JSON with the same 422, and stores nothing", async () => {
		const s = await session();
		const res = await callWithSession(s, "POST", "/console/api/themes", {
			body: { ...classic, name: "Big", extra: "x".repeat(70 * 1024) },
		});
		expect(res.status).toBe(422);
		expect(res.body.error?.code).toBe("invalid_body");
		expect(res.body.error?.message).toMatch(/is 70\.\d KiB as JSON; the limit is 64 KiB/);
		const stored = await env.DB.prepare(
			"SELECT COUNT(*) AS n FROM themes WHERE workspace_id = (SELECT workspace_id FROM accounts WHERE id = ?)",
		)
			.bind(s.accountId)
			.first<{ n: number }>();
		expect(stored?.n).toBe(0);
	});
});

describe("/console/api/themes: logos", () => {
	const logo = (dataUri: string) => ({ logo: { dataUri, width: 80, position: "top-right" } });
	const svgUri = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

	it("refuses a 16000×16000 PNG from its header (422 naming the size and the limit) and stores nothing", async () => {
		const s = await session();
		const own = await create(s);
		const res = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, { body: logo(pngDataUri(16000, 16000)) });
		expect(res.status).toBe(422);
		expect(res.body.error?.code).toBe("invalid_body");
		expect(res.body.error?.message).toContain("The logo is a PNG of 16000×16000 pixels; a logo may be at most 2048×2048 pixels");
		const created = await callWithSession(s, "POST", "/console/api/themes", {
			body: { ...classic, name: "Huge", ...logo(jpegDataUri(10, 9000)) },
		});
		expect(created.status).toBe(422);
		expect(created.body.error?.message).toContain("JPEG of 10×9000");
		const stored = await env.DB.prepare("SELECT definition FROM themes WHERE id = ?").bind(own.id).first<{ definition: string }>();
		expect(JSON.parse(stored?.definition ?? "{}").logo).toBeUndefined();
		const ok = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, { body: logo(pngDataUri(2048, 600)) });
		expect(ok.status).toBe(200);
	});

	it.each([
		[
			"a CSS-escaped url( in <style>",
			'<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:\\75rl(https://x.test/a)}</style><rect/></svg>',
			"a CSS escape (\\) in a <style> element",
		],
		[
			"u\\72l( in a style attribute",
			'<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:u\\72l(https://x.test/a)"/></svg>',
			"a CSS escape (\\) in the style of <rect>",
		],
		[
			"an @font-face src",
			'<svg xmlns="http://www.w3.org/2000/svg"><style>@font-face{font-family:f;src:\\75rl(https://x.test/f.woff)}</style></svg>',
			"a CSS @font-face rule",
		],
		[
			"a script behind <!-->",
			'<svg xmlns="http://www.w3.org/2000/svg"><!--><script>fetch("https://x.test/")</script><rect/></svg>',
			"a comment that never ends",
		],
	])("refuses an SVG logo with %s (422 naming it)", async (_what, svg, expected) => {
		const s = await session();
		const own = await create(s);
		const res = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, { body: logo(svgUri(svg)) });
		expect(res.status).toBe(422);
		expect(res.body.error?.message).toContain(expected);
		const stored = await env.DB.prepare("SELECT definition FROM themes WHERE id = ?").bind(own.id).first<{ definition: string }>();
		expect(JSON.parse(stored?.definition ?? "{}").logo).toBeUndefined();
	});

	it("stores an SVG logo rewritten from its allowed parts: a script XML reads as a comment is gone, and so are comments and editor data", async () => {
		const s = await session();
		const own = await create(s);
		const svg =
			'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3" viewBox="0 0 9 9"><!--><script>fetch("https://x.test/")</script>--><rect width="9" height="9" fill="#123456"/></svg>';
		const res = await callWithSession(s, "PATCH", `/console/api/themes/${own.id}`, { body: logo(svgUri(svg)) });
		expect(res.status).toBe(200);
		const expected = svgUri('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect width="9" height="9" fill="#123456"/></svg>');
		expect((res.body.logo as { dataUri: string }).dataUri).toBe(expected);
		const stored = await env.DB.prepare("SELECT definition FROM themes WHERE id = ?").bind(own.id).first<{ definition: string }>();
		expect(JSON.parse(stored?.definition ?? "{}").logo.dataUri).toBe(expected);
	});
});
