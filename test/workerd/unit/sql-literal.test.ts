import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { literal, sql } from "../../harness/library/sql-literal";

describe("SQL literals for the admin CLI and the library import", () => {
	it("quotes strings, numbers, booleans and null", () => {
		expect(literal("it's")).toBe("'it''s'");
		expect(literal(3.5)).toBe("3.5");
		expect(literal(true)).toBe("1");
		expect(literal(null)).toBe("NULL");
		expect(() => literal(Number.NaN)).toThrow("finite");
	});

	it("fills placeholders in order and counts them", () => {
		expect(sql("SELECT ?, ?", "a", 1)).toBe("SELECT 'a', 1");
		expect(() => sql("SELECT ?", "a", "b")).toThrow("too many");
		expect(() => sql("SELECT ?, ?", "a")).toThrow("too few");
	});

	it("round-trips hostile text through D1 unchanged", async () => {
		const hostile = `'); DROP TABLE workspaces; -- "quotes" \\ back\\slash ?marks? ünïcödé 🙂`;
		const row = await env.DB.prepare(sql("SELECT ? AS v", hostile)).first<{ v: string }>();
		expect(row?.v).toBe(hostile);
		expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'workspaces'").first("n")).toBe(1);
	});
});
