/**
 * Publish draws before its conditional write: a chart that changes while its snapshot
 * is drawn makes that write lose, and the publish then re-reads it. What the published version
 * shows must be the chart as that version stands: drawn again when the change shows in the
 * snapshot, the drawn files kept when it does not, and a 412 when the client sent If-Match.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/api-error";
import type { KeyCaller } from "../../../src/domain/caller";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { allScopes } from "../../../src/domain/plans";
import { snapshotKey } from "../../../src/embed/snapshot-files";
import { memoryExportSlots } from "../../../src/limits/memory";
import { buildServices } from "../../../src/request-services";
import { publishChart } from "../../../src/services/publish";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface Setup {
	key: string;
	id: string;
	version: number;
	caller: KeyCaller;
}

async function setUp(title: string): Promise<Setup> {
	const account = await makeAccount();
	const created = await callJson<{ id: string }>(account.key, "POST", "/v1/charts", {
		body: { kind: "horizontal-bar", data: layoutExamples["horizontal-bar"].csv, meta: { title } },
	});
	expect(created.status).toBe(201);
	const caller: KeyCaller = {
		credential: "key",
		keyId: account.keyId,
		accountId: account.accountId,
		workspaceId: account.workspaceId,
		plan: "business",
		scopes: [...allScopes],
	};
	// A new chart is version 1; its ETag says so.
	const version = Number(created.headers.get("ETag")?.replaceAll('"', ""));
	expect(version).toBe(1);
	return { key: account.key, id: created.body.id, version, caller };
}

/** Services whose export slot runs `duringDrawing` as each drawing starts, and counts the drawings. */
function servicesDrawing(duringDrawing: (drawing: number) => Promise<void>) {
	const services = buildServices(env, createExecutionContext());
	const slots = memoryExportSlots(2);
	let drawings = 0;
	services.exportSlots = {
		...slots,
		async acquire() {
			drawings++;
			await duringDrawing(drawings);
			return slots.acquire();
		},
	};
	return { services, drawings: () => drawings };
}

async function publishedPage(id: string, version: number): Promise<string> {
	const page = await env.BLOBS.get(snapshotKey(id, version, ""));
	expect(page).not.toBeNull();
	return (await page?.text()) ?? "";
}

async function publishedVersionInD1(id: string): Promise<number | null> {
	return env.DB.prepare("SELECT published_version AS v FROM charts WHERE id = ?").bind(id).first<number | null>("v");
}

describe("publishing a chart that changes while it is drawn", () => {
	it("draws it again when the change shows, and publishes the chart as it stands now", async () => {
		const { key, id, version, caller } = await setUp("Seats before");
		const { services, drawings } = servicesDrawing(async (drawing) => {
			if (drawing !== 1) return;
			const patched = await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Seats after" } } });
			expect(patched.status).toBe(200);
		});
		const published = await publishChart(services, caller, id, null, Date.now());
		// The PATCH took version + 1, so the publish is version + 2, drawn twice.
		expect(published.version).toBe(version + 2);
		expect(published.publishedVersion).toBe(version + 2);
		expect(published.meta.title).toBe("Seats after");
		expect(drawings()).toBe(2);
		expect(await publishedVersionInD1(id)).toBe(version + 2);
		const page = await publishedPage(id, version + 2);
		expect(page).toContain("Seats after");
		expect(page).not.toContain("Seats before");
		const versions = await callJson<{ versions: { version: number; action: string }[] }>(key, "GET", `/v1/charts/${id}/versions`);
		expect(versions.body.versions.slice(0, 2).map((v) => v.action)).toEqual(["publish", "update"]);
	});

	it("keeps the drawn files when the change does not show in them (a move to a folder)", async () => {
		const { key, id, version, caller } = await setUp("Seats");
		const folder = await callJson<{ id: string }>(key, "POST", "/v1/folders", { body: { name: "Elections" } });
		expect(folder.status).toBe(201);
		const { services, drawings } = servicesDrawing(async (drawing) => {
			if (drawing !== 1) return;
			const moved = await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { folderId: folder.body.id } });
			expect(moved.status).toBe(200);
		});
		const published = await publishChart(services, caller, id, null, Date.now());
		expect(published.version).toBe(version + 2);
		expect(published.folderId).toBe(folder.body.id);
		expect(published.publishedVersion).toBe(version + 2);
		expect(drawings()).toBe(1);
		expect(await publishedVersionInD1(id)).toBe(version + 2);
		expect(await publishedPage(id, version + 2)).toContain("Seats");
	});

	it("answers 412 with If-Match, publishing nothing", async () => {
		const { key, id, version, caller } = await setUp("Seats");
		const { services } = servicesDrawing(async (drawing) => {
			if (drawing !== 1) return;
			await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Seats after" } } });
		});
		const publishing = publishChart(services, caller, id, version, Date.now());
		await expect(publishing).rejects.toBeInstanceOf(ApiError);
		await expect(publishing).rejects.toMatchObject({ code: "precondition_failed", details: { currentVersion: version + 1 } });
		expect(await publishedVersionInD1(id)).toBeNull();
	});

	it("gives up with 409 conflict when every drawing is overtaken by a change that shows", async () => {
		const { key, id, caller } = await setUp("Seats");
		const { services, drawings } = servicesDrawing(async (drawing) => {
			await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: `Seats ${drawing}` } } });
		});
		const publishing = publishChart(services, caller, id, null, Date.now());
		await expect(publishing).rejects.toMatchObject({ code: "conflict" });
		expect(drawings()).toBe(3);
		expect(await publishedVersionInD1(id)).toBeNull();
	});
});
