/**
 * `npm run bench -- election` (docs/benchmarks.md, docs/scale.md): election night on one
 * `wrangler dev`. 1,000 charts linked to loopback results feeds (`refreshMinutes: 1`, spread over
 * workspaces of 100: the cap is per workspace); 100 feeds change every minute, each at its own
 * second, and their charts are published (a feed that never changes is never redrawn, so
 * publishing the others would add only setup time: `--publish-all`). The Cron Trigger is played
 * every 60 s (`/__scheduled`); 200 readers load a dozen of the changing charts' embeds while a
 * watcher follows every change into its embed. Reported per minute: sources read, whether each
 * due source was read within 60 s of due, redraws, the delay from a feed's change to its embed
 * showing it, embed views and the D1 and Durable Object calls they made (counted at the
 * bindings, `bench/workers/election.ts`), and every error. Then the same on today's path in the
 * same run: the inline Cron run (`LINKED_DATA_INLINE=true`) on the same charts.
 *
 * Flags (after `npm run bench -- election`): `--charts 1000 --changing 100 --minutes 5
 * --reference-minutes 5 --drain-minutes 2 --readers 200 --reader-pause-ms 1000
 * --setup-concurrency 4 [--publish-all]`; a light run while the machine is busy, e.g.
 * `--charts 300 --changing 30 --minutes 2 --reference-minutes 2`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Target } from "../test/harness/local/d1.ts";
import { applyMigrations, execute } from "../test/harness/local/d1.ts";
import { createBenchKeys } from "./lib/accounts.ts";
import type { WatchedChart } from "./lib/election-readers.ts";
import { EmbedObservers, inPool, sleep } from "./lib/election-readers.ts";
import type { ElectionServer } from "./lib/election-server.ts";
import { startElectionServer, writeBenchConfig } from "./lib/election-server.ts";
import { ElectionFeeds } from "./lib/election-sources.ts";
import type { BindingCounts, CronCall, PhaseRecord, PhaseSummary } from "./lib/election-tables.ts";
import { analysePhase, consumerRows, consumerTable, minuteTable, summaryTable } from "./lib/election-tables.ts";
import { freePortIn } from "./lib/ports.ts";
import { countsPath } from "./workers/counts-path.ts";

/** The ports agreed for this suite on the shared machine (inspectors at +10,000). */
const firstPort = 8820;
const lastPort = 8839;
/** Linked charts per workspace: well under the cap (500), and 3 setup requests each stay under Business's 600 a minute. */
const chartsPerWorkspace = 100;
/** How many of the changing charts the readers load: a front page's dozen. */
const frontPageCharts = 12;
const watchEveryMs = 3_000;

interface Options {
	charts: number;
	changing: number;
	minutes: number;
	referenceMinutes: number;
	drainMinutes: number;
	readers: number;
	readerPauseMs: number;
	setupConcurrency: number;
	/** Publish every chart, not only the changing ones (a longer setup; the run is the same). */
	publishAll: boolean;
}

function options(argv: string[]): Options {
	const flag = (name: string, fallback: number): number => {
		const at = argv.indexOf(`--${name}`);
		if (at === -1) return fallback;
		const value = Number(argv[at + 1]);
		if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number, not ${argv[at + 1]}`);
		return value;
	};
	const charts = flag("charts", 1000);
	const chosen = {
		charts,
		changing: flag("changing", Math.round(charts / 10)),
		minutes: flag("minutes", 5),
		referenceMinutes: flag("reference-minutes", flag("minutes", 5)),
		drainMinutes: flag("drain-minutes", 2),
		readers: flag("readers", 200),
		readerPauseMs: flag("reader-pause-ms", 1000),
		setupConcurrency: flag("setup-concurrency", 4),
		publishAll: argv.includes("--publish-all"),
	};
	if (chosen.changing > chosen.charts || chosen.changing < 1) throw new Error("--changing must be between 1 and --charts");
	return chosen;
}

class Api {
	constructor(
		private readonly base: string,
		private readonly key: string,
	) {}

	/** One API call; a 429 or a busy export slot is waited out and tried again, anything else ≥ 400 fails the setup. */
	async call<T>(method: string, path: string, body?: unknown): Promise<T> {
		for (let attempt = 0; ; attempt++) {
			const res = await fetch(`${this.base}${path}`, {
				method,
				headers: { Authorization: `Bearer ${this.key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await res.text();
			if ((res.status === 429 || res.status === 503) && attempt < 20) {
				await sleep(Number(res.headers.get("retry-after") ?? "1") * 1000);
				continue;
			}
			if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
			return JSON.parse(text) as T;
		}
	}
}

/** The charts, each linked to its feed and published; answers each chart's id and embed URL by feed. */
async function setUpCharts(server: ElectionServer, target: Target, feeds: ElectionFeeds, opts: Options) {
	const workspaces = Math.ceil(opts.charts / chartsPerWorkspace);
	const keys = await createBenchKeys(target, workspaces, "business", ["chart:read", "chart:write"]);
	const charts: { id: string; embedUrl: string | null }[] = new Array(opts.charts);
	const started = Date.now();
	// Round the workspaces, so each account's rate limit sees a tenth of the setup's requests.
	const order = Array.from({ length: opts.charts }, (_, i) => i);
	await inPool(order, opts.setupConcurrency, async (feed) => {
		const api = new Api(server.url, keys[feed % workspaces] as string);
		const { id } = await api.call<{ id: string }>("POST", "/v1/charts", {
			kind: "horizontal-bar",
			meta: { title: `Results, district ${feed + 1}` },
		});
		await api.call("PUT", `/v1/charts/${id}/data`, { url: feeds.url(feed), refreshMinutes: 1 });
		// A feed that never changes is never redrawn, published or not: only the changing charts' publishing is part of the run.
		const publish = feed < opts.changing || opts.publishAll;
		const embedUrl = publish ? (await api.call<{ embedUrl: string }>("POST", `/v1/charts/${id}/publish`)).embedUrl : null;
		charts[feed] = { id, embedUrl };
		if ((feed + 1) % 100 === 0)
			console.log(`  set up ${feed + 1} of ${opts.charts} charts (${Math.round((Date.now() - started) / 1000)} s)`);
	});
	return { charts, workspaces, setupSeconds: Math.round((Date.now() - started) / 1000) };
}

async function readCounts(server: ElectionServer): Promise<BindingCounts> {
	const res = await fetch(`${server.url}${countsPath}`);
	return { at: Date.now(), ...((await res.json()) as Omit<BindingCounts, "at">) };
}

/**
 * Plays the Cron Trigger once; never throws (a failed call is one of the run's errors). wrangler
 * dev's `/__scheduled` runs with `scheduledTime` = when the run starts (its middleware takes no
 * `time`), so the runs wander by tens of milliseconds against the minute, as a local Cron does;
 * the schedule claims charts due within a few seconds for that (`claimAheadMs`).
 */
async function playCron(server: ElectionServer, calls: CronCall[]): Promise<void> {
	const at = Date.now();
	try {
		const res = await fetch(`${server.url}/__scheduled?cron=*+*+*+*+*`);
		await res.arrayBuffer();
		calls.push({ at, status: res.status, ms: Date.now() - at });
	} catch (error) {
		calls.push({ at, status: null, ms: Date.now() - at, error: String((error as Error).cause ?? error) });
	}
}

async function failedReads(target: Target): Promise<PhaseRecord["failedReads"]> {
	const [rows = []] = await execute(target, [
		"SELECT id AS chartId, linked_last_error AS error FROM charts WHERE linked_url IS NOT NULL AND linked_last_status = 'failed'",
	]);
	return rows as PhaseRecord["failedReads"];
}

async function runPhase(
	name: string,
	inline: boolean,
	minutes: number,
	opts: Options,
	server: ElectionServer,
	feeds: ElectionFeeds,
	observers: EmbedObservers,
	frontPage: WatchedChart[],
	changing: WatchedChart[],
): Promise<PhaseRecord> {
	await readCounts(server); // what setup made is not the views'
	server.takeErrorLines();
	const cron: CronCall[] = [];
	const counts: BindingCounts[] = [];
	const loads: number[] = [];
	const start = Date.now();
	feeds.startChanging(start);
	observers.startReaders(frontPage, opts.readers, opts.readerPauseMs);
	observers.startWatcher(changing, watchEveryMs);
	const crons: Promise<void>[] = [];
	const total = minutes + opts.drainMinutes;
	for (let m = 0; m < total; m++) {
		await sleep(Math.max(0, start + m * 60_000 - Date.now()));
		if (m > 0) counts.push(await readCounts(server));
		if (m === minutes) feeds.stopChanging();
		// Not awaited: a slow run (the inline path reads its sources in it) must not hold back the next minute's.
		crons.push(playCron(server, cron));
		loads.push(loadavg()[0] ?? 0);
		console.log(`  ${name}: minute ${m + 1} of ${total} (load ${loads[m]?.toFixed(1)})`);
	}
	await sleep(Math.max(0, start + total * 60_000 - Date.now()));
	const end = Date.now();
	counts.push(await readCounts(server));
	feeds.stopChanging();
	await observers.stop();
	await Promise.all(crons);
	return {
		name,
		inline,
		start,
		changesEnd: start + minutes * 60_000,
		end,
		minutes,
		drainMinutes: opts.drainMinutes,
		cron,
		loads,
		batches: server.batches.filter((b) => b.at >= start),
		scheduledRuns: server.scheduled.filter((r) => r.at >= start),
		counts,
		redraws: [],
		// Read once the server has stopped: a `wrangler d1 execute` beside a busy Worker locks its SQLite (SQLITE_BUSY in the Worker).
		failedReads: [],
		logErrors: server.takeErrorLines(),
	};
}

async function redrawTimes(target: Target, since: number): Promise<number[]> {
	const [rows = []] = await execute(target, [
		`SELECT created_at AS at FROM chart_versions WHERE action = 'refresh' AND author_account_id = 'system:linked-data' AND created_at >= ${Math.floor(since)}`,
	]);
	return rows.map((row) => Number(row.at));
}

export async function runElectionBench() {
	const opts = options(process.argv.slice(2));
	const state = await mkdtemp(join(tmpdir(), "charts-election-"));
	// wrangler dev and `wrangler d1 execute` share the state, so setup and the figures read the Worker's D1.
	const target: Target = { remote: false, persistTo: join(state, "wrangler") };
	const feeds = new ElectionFeeds(opts.charts, opts.changing);
	let server: ElectionServer | null = null;
	const phases: PhaseRecord[] = [];
	try {
		const port = await freePortIn(firstPort, lastPort);
		const feedPort = await freePortIn(firstPort, lastPort, [port]);
		await feeds.listen(feedPort);
		const config = await writeBenchConfig(state, "bench/workers/election.ts");
		await applyMigrations(target);
		const vars = (inline: boolean) => ({
			LINKED_DATA_ALLOW_PRIVATE: "true",
			EMBED_BASE: `http://127.0.0.1:${port}/embed`,
			MAIL_OUTBOX: "local",
			LINKED_DATA_INLINE: String(inline),
		});
		server = await startElectionServer(config, port, target.persistTo as string, vars(false));
		console.log(`  setting up ${opts.charts} linked charts…`);
		const setup = await setUpCharts(server, target, feeds, opts);
		const watched = setup.charts.slice(0, opts.changing).map((chart, feed) => ({ feed, embedUrl: chart.embedUrl as string }));
		const spacing = Math.max(1, Math.floor(watched.length / frontPageCharts));
		const frontPage = watched.filter((_, i) => i % spacing === 0).slice(0, frontPageCharts);
		const observers = new EmbedObservers((feed) => feeds.changeOf(feed));
		phases.push(await runPhase("queues", false, opts.minutes, opts, server, feeds, observers, frontPage, watched));
		await server.stop();
		(phases[0] as PhaseRecord).failedReads = await failedReads(target);
		if (opts.referenceMinutes > 0) {
			server = await startElectionServer(config, port, target.persistTo as string, vars(true));
			const reference = await runPhase(
				"inline (today's path)",
				true,
				opts.referenceMinutes,
				opts,
				server,
				feeds,
				observers,
				frontPage,
				watched,
			);
			await server.stop();
			reference.failedReads = await failedReads(target);
			phases.push(reference);
		}
		const first = phases[0]?.start ?? 0;
		const times = await redrawTimes(target, first);
		for (const phase of phases) phase.redraws = times.filter((at) => at >= phase.start && at < phase.end);
		const analysed = phases.map((phase) =>
			analysePhase(phase, opts.charts, feeds.reads, feeds.changes, observers.firstShown, observers.views, observers.errors),
		);
		const summaries: PhaseSummary[] = analysed.map((a) => a.summary);
		const errors = [
			...observers.errors.map((e) => `${new Date(e.at).toISOString()} ${e.where}: ${e.message}`),
			...phases.flatMap((p) =>
				p.cron.filter((c) => c.status !== 200 || c.error).map((c) => `${p.name} cron: ${c.status} ${c.error ?? ""}`),
			),
			...phases.flatMap((p) => p.failedReads.map((f) => `${p.name} failed read ${f.chartId}: ${f.error}`)),
			...phases.flatMap((p) => p.logErrors.map((line) => `${p.name} wrangler: ${line}`)),
		];
		const table = [
			`${opts.charts} charts linked (refreshMinutes 1) in ${setup.workspaces} workspaces, ${opts.publishAll ? "all" : `the ${opts.changing} changing ones`} published, in ${setup.setupSeconds} s; ${opts.changing} feeds change every minute; ${opts.readers} readers over ${frontPage.length} charts, ${opts.readerPauseMs} ms between views; the watcher follows all ${opts.changing} changing charts every ${watchEveryMs / 1000} s.\n`,
			summaryTable(summaries),
			...analysed.map((a, i) => {
				const phase = phases[i] as PhaseRecord;
				return `\n${a.summary.name}, per minute:\n\n${minuteTable(a.summary, a.rows)}\n\n${a.summary.name}, the schedule and the queue's consumer:\n\n${consumerTable(consumerRows(phase))}`;
			}),
			errors.length === 0 ? "\nErrors: none." : `\nErrors (${errors.length}, first 20):\n${errors.slice(0, 20).join("\n")}`,
		].join("\n");
		return {
			name: "election",
			table,
			data: {
				options: opts,
				workspaces: setup.workspaces,
				setupSeconds: setup.setupSeconds,
				load1AtEnd: loadavg()[0],
				summaries,
				minutes: Object.fromEntries(analysed.map((a) => [a.summary.name, a.rows])),
				consumer: Object.fromEntries(phases.map((p) => [p.name, consumerRows(p)])),
				cron: Object.fromEntries(phases.map((p) => [p.name, p.cron.map((c) => ({ ...c, at: c.at - p.start }))])),
				viewCalls: Object.fromEntries(
					phases.map((p) => [
						p.name,
						p.counts.reduce<Record<string, number>>((all, c) => {
							for (const [call, n] of Object.entries(c.calls)) all[call] = (all[call] ?? 0) + n;
							return all;
						}, {}),
					]),
				),
				errors: errors.slice(0, 500),
				errorCount: errors.length,
			},
		};
	} finally {
		await server?.stop();
		await feeds.close();
		await rm(state, { recursive: true, force: true });
	}
}
