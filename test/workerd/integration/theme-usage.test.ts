/**
 * A theme's "Used by" count: the default theme counts the charts that name no
 * theme, or a theme since deleted, because they draw with it; another theme counts only the
 * charts that name it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { builtInThemes, type ThemeDefinition } from "../../../src/domain/themes";
import { makeAccount } from "../../harness/workerd/factories";
import { callWithSession, signIn, type TestSession } from "../../harness/workerd/session";

const password = "a long enough password";
const classic = builtInThemes[0]?.definition as ThemeDefinition;

async function chartCounts(s: TestSession): Promise<Record<string, number>> {
	const res = await callWithSession(s, "GET", "/console/api/themes");
	expect(res.status).toBe(200);
	const themes = (res.body as { themes: { id: string; chartCount: number }[] }).themes;
	return Object.fromEntries(themes.map((theme) => [theme.id, theme.chartCount]));
}

async function chart(s: TestSession, meta: Record<string, unknown>): Promise<string> {
	const res = await callWithSession(s, "POST", "/v1/charts", { body: { kind: "line", meta } });
	expect(res.status).toBe(201);
	return (res.body as { id: string }).id;
}

describe("theme usage counts", () => {
	it("counts charts without a theme for the default, and follows the default when it changes", async () => {
		const account = await makeAccount({ password });
		const s = await signIn(account.email, password);
		await chart(s, { title: "No theme" });
		await chart(s, { title: "Another without" });
		await chart(s, { title: "Newsroom", theme: "newsroom" });

		expect(await chartCounts(s)).toMatchObject({ classic: 2, newsroom: 1, contrast: 0 });
		const classicOne = await callWithSession(s, "GET", "/console/api/themes/classic");
		expect((classicOne.body as { chartCount: number }).chartCount).toBe(2);

		const own = await callWithSession(s, "POST", "/console/api/themes", { body: { ...classic, name: "House" } });
		const houseId = (own.body as { id: string }).id;
		await callWithSession(s, "POST", `/console/api/themes/${houseId}/default`);
		const gone = await chart(s, { title: "Names a theme since deleted" });
		await env.DB.prepare("UPDATE charts SET meta = json_set(meta, '$.theme', 'th_gone') WHERE id = ?").bind(gone).run();
		expect(await chartCounts(s)).toMatchObject({ [houseId]: 3, classic: 0, newsroom: 1 });
	});
});
