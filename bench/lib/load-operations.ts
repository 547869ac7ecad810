/**
 * What each load client does: one chart of its own, then a weighted mix of requests. A write
 * (meta or data) makes the next export of that format a cache miss, as in real use; repeats
 * in between hit the cache. Each client draws from its own seeded generator, so runs compare.
 */
import { timedOk } from "./http.ts";

/**
 * Setup requests are retried when wrangler's dev proxy answers that it restarted the Worker
 * mid-request (it only retries GETs itself); the measured traffic never is.
 */
async function setUpRequest(url: string, init: RequestInit): Promise<ArrayBuffer> {
	for (let attempt = 1; ; attempt++) {
		try {
			return (await timedOk(url, init)).body;
		} catch (error) {
			if (attempt >= 5 || !String(error).includes("restarted mid-request")) throw error;
			await new Promise((r) => setTimeout(r, 500));
		}
	}
}

export interface Client {
	key: string;
	chartId: string;
	random: () => number;
	writes: number;
}

export interface Operation {
	route: string;
	path: string;
	init: RequestInit;
}

/** mulberry32: a small seeded generator, enough to vary the mix reproducibly. */
function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export async function setUpClient(url: string, key: string, index: number): Promise<Client> {
	const created = await setUpRequest(`${url}/v1/charts`, {
		method: "POST",
		headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
		body: JSON.stringify({ kind: "line", meta: { title: `Load ${index}` } }),
	});
	const { id } = JSON.parse(new TextDecoder().decode(created)) as { id: string };
	const client = { key, chartId: id, random: seeded(index + 1), writes: 0 };
	await setUpRequest(`${url}/v1/charts/${id}/data`, {
		method: "PUT",
		headers: { Authorization: `Bearer ${key}`, "Content-Type": "text/csv" },
		body: csvUpload(client),
	});
	return client;
}

/** 200 rows of a date and two series, different on every upload. */
function csvUpload(client: Client): string {
	const lines = ["date,alpha,beta"];
	for (let i = 0; i < 200; i++) {
		const day = new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
		lines.push(`${day},${(client.random() * 100).toFixed(2)},${(client.random() * 50).toFixed(2)}`);
	}
	return `${lines.join("\n")}\n`;
}

const weights: [number, (client: Client) => Operation][] = [
	[28, (c) => ({ route: "GET /v1/charts/{id}", path: `/v1/charts/${c.chartId}`, init: {} })],
	[8, () => ({ route: "GET /v1/charts", path: "/v1/charts", init: {} })],
	[
		14,
		(c) => ({
			route: "PATCH /v1/charts/{id}",
			path: `/v1/charts/${c.chartId}`,
			init: {
				method: "PATCH",
				headers: { "Content-Type": "application/json" },
				body: JSON.stringify({ meta: { title: `Load ${c.chartId} #${++c.writes}` } }),
			},
		}),
	],
	[
		8,
		(c) => ({
			route: "PUT /v1/charts/{id}/data",
			path: `/v1/charts/${c.chartId}/data`,
			init: { method: "PUT", headers: { "Content-Type": "text/csv" }, body: csvUpload(c) },
		}),
	],
	[14, (c) => ({ route: "GET export PNG", path: `/v1/charts/${c.chartId}/export/png`, init: {} })],
	[10, (c) => ({ route: "GET export SVG", path: `/v1/charts/${c.chartId}/export/svg`, init: {} })],
	[8, (c) => ({ route: "GET export PDF", path: `/v1/charts/${c.chartId}/export/pdf`, init: {} })],
	[6, (c) => ({ route: "POST /v1/charts/{id}/publish", path: `/v1/charts/${c.chartId}/publish`, init: { method: "POST" } })],
	[4, (c) => ({ route: "GET export CSV", path: `/v1/charts/${c.chartId}/export/csv`, init: {} })],
];
const totalWeight = weights.reduce((n, [w]) => n + w, 0);

export function pickOperation(client: Client): Operation {
	let roll = client.random() * totalWeight;
	for (const [weight, make] of weights) {
		roll -= weight;
		if (roll < 0) return withKey(make(client), client.key);
	}
	return withKey((weights[0] as (typeof weights)[number])[1](client), client.key);
}

function withKey(operation: Operation, key: string): Operation {
	return {
		...operation,
		init: { ...operation.init, headers: { ...(operation.init.headers as Record<string, string>), Authorization: `Bearer ${key}` } },
	};
}
