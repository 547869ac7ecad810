/**
 * The Worker isolate's own JavaScript heap, read over the Chrome DevTools protocol through
 * wrangler's inspector proxy (`--inspector-port`, port + 10,000 in startDevServer). `wrangler
 * dev` runs two workerd processes: its dev proxy, which listens on the dev port and the inspector
 * port and forwards every request, and the one that runs our Worker beside miniflare's local D1,
 * R2 and Durable Objects (`workerProcessPid` finds it). Neither process's RSS is our code alone;
 * the isolate's heap is. Each reading forces a full collection first, so garbage not yet
 * collected does not count. Caveat, seen under load: while a DevTools client is attached, the
 * proxy process grows (it relays the Worker's events), so read its RSS before a heap reading.
 * Linux only (/proc, `ss`), like the rest of the bench. Needs a global WebSocket: Node 22, or
 * Node 20 with `--experimental-websocket` (npm run bench).
 */
import { readdir, readFile } from "node:fs/promises";
import { listeningPid } from "./process-memory.ts";

export interface HeapReading {
	/** Live objects after a full collection. */
	usedMiB: number;
	/** What V8 has reserved for the heap. */
	totalMiB: number;
}

interface Target {
	id?: string;
	webSocketDebuggerUrl?: string;
}

const mib = (bytes: number) => bytes / (1024 * 1024);

async function parentPid(pid: number): Promise<number> {
	const stat = await readFile(`/proc/${pid}/stat`, "utf8");
	// The command name in brackets may hold spaces; the parent pid is the second field after it.
	return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** The pid of the workerd that runs the Worker: the dev proxy's sibling started with `--inspector-addr`. */
export async function workerProcessPid(devPort: number): Promise<number> {
	const proxy = await listeningPid(devPort);
	const wrangler = await parentPid(proxy);
	for (const entry of await readdir("/proc")) {
		const pid = Number(entry);
		if (!Number.isInteger(pid) || pid === proxy) continue;
		try {
			if ((await parentPid(pid)) !== wrangler) continue;
			const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8");
			if (cmdline.includes("workerd") && cmdline.includes("--inspector-addr")) return pid;
		} catch {
			// the process ended meanwhile
		}
	}
	throw new Error(`no workerd with --inspector-addr beside the dev proxy (pid ${proxy}) of port ${devPort}`);
}

/** The DevTools address of our Worker behind wrangler's inspector proxy (`--inspector-port`). */
async function workerTarget(inspectorPort: number): Promise<string> {
	const response = await fetch(`http://127.0.0.1:${inspectorPort}/json`, { signal: AbortSignal.timeout(5000) });
	const targets = (await response.json()) as Target[];
	const target = targets.find((t) => t.webSocketDebuggerUrl);
	if (!target?.webSocketDebuggerUrl) throw new Error(`no DevTools target on port ${inspectorPort}: ${JSON.stringify(targets)}`);
	return target.webSocketDebuggerUrl;
}

/** One DevTools session: sends commands in order and answers their results. */
type Send = (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;

async function withDevTools<T>(url: string, use: (send: Send) => Promise<T>): Promise<T> {
	if (typeof WebSocket === "undefined") throw new Error("no global WebSocket: run Node 22, or Node 20 with --experimental-websocket");
	// Wrangler's inspector proxy only admits DevTools from a local origin; Node's WebSocket (undici)
	// sends none by itself but takes headers in its non-standard second argument.
	const init = { headers: { Origin: "http://127.0.0.1" } } as unknown as string[];
	const socket = new WebSocket(url, init);
	const pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
	socket.addEventListener("message", (event) => {
		const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
		const waiting = message.id === undefined ? undefined : pending.get(message.id);
		if (!waiting || message.id === undefined) return;
		pending.delete(message.id);
		if (message.error) waiting.reject(new Error(message.error.message));
		else waiting.resolve(message.result ?? {});
	});
	await new Promise<void>((resolve, reject) => {
		// wrangler's inspector proxy can accept the connection and never complete it (seen under load).
		const timer = setTimeout(() => {
			socket.close();
			reject(new Error(`no DevTools connection to ${url} in 15 s`));
		}, 15_000);
		socket.addEventListener(
			"open",
			() => {
				clearTimeout(timer);
				resolve();
			},
			{ once: true },
		);
		socket.addEventListener(
			"error",
			() => {
				clearTimeout(timer);
				reject(new Error(`could not connect to ${url}`));
			},
			{ once: true },
		);
	});
	let next = 1;
	const send = (method: string, params: Record<string, unknown> = {}) =>
		new Promise<Record<string, unknown>>((resolve, reject) => {
			const id = next++;
			const timer = setTimeout(() => reject(new Error(`${method}: no answer from the Worker's inspector in 30 s`)), 30_000);
			pending.set(id, {
				resolve: (result) => {
					clearTimeout(timer);
					resolve(result);
				},
				reject: (error) => {
					clearTimeout(timer);
					reject(error);
				},
			});
			socket.send(JSON.stringify({ id, method, params }));
		});
	try {
		return await use(send);
	} finally {
		socket.close();
	}
}

/**
 * Forces a full collection in the Worker's isolate, then reads its heap. workerd runs the
 * collection V8's inspector asks for only when the isolate is next entered, so `poke` sends the
 * Worker one cheap request (GET /v1/health) once the collection is asked for. (A heap snapshot
 * also collects, but under load it took minutes and grew the process by gigabytes.)
 */
export async function isolateHeap(inspectorPort: number, poke: () => Promise<unknown>): Promise<HeapReading> {
	return withDevTools(await workerTarget(inspectorPort), async (send) => {
		const collected = send("HeapProfiler.collectGarbage");
		// Awaited below; marked handled now, so a poke that fails first cannot leave it unhandled.
		collected.catch(() => undefined);
		await poke();
		await collected;
		const usage = await send("Runtime.getHeapUsage");
		return { usedMiB: mib(Number(usage.usedSize)), totalMiB: mib(Number(usage.totalSize)) };
	});
}
