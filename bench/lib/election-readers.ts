/**
 * The election bench's readers, through the embed host as a browser loads a published chart:
 * the page with `If-None-Match` (its ETag from the last view, so an unchanged chart is a 304),
 * then its data (`data.json`, revalidated the same way). Two kinds:
 * - readers: `count` concurrent loops over a dozen charts, each pausing between views so the
 *   machine is not only measuring itself (the view rate achieved is reported);
 * - the watcher: for every changing chart whose feed has a change the embed has not shown yet,
 *   its `data.json` every few seconds, so every change's delay is measured, not only the dozen's.
 * Both note the first time a change's marker (election-sources.ts) is in the embed's data.
 */
export interface ViewError {
	at: number;
	where: string;
	message: string;
}

export interface EmbedView {
	at: number;
	who: "reader" | "watcher";
	/** Requests the view made (page and data, or data alone). */
	requests: number;
}

/** What a feed's changes look like in an embed: the change number its data shows. */
const shownChange = (json: string): number | null => {
	const match = /count-(\d+)/.exec(json);
	return match ? Number(match[1]) : null;
};

export interface WatchedChart {
	feed: number;
	embedUrl: string;
}

export class EmbedObservers {
	readonly views: EmbedView[] = [];
	readonly errors: ViewError[] = [];
	/** feed → change number → when an embed first showed it (or a later change). */
	readonly firstShown = new Map<number, Map<number, number>>();
	private running = false;
	private loops: Promise<void>[] = [];

	constructor(private readonly latestChange: (feed: number) => number) {}

	private noteShown(feed: number, change: number, at: number): void {
		let shown = this.firstShown.get(feed);
		if (!shown) {
			shown = new Map();
			this.firstShown.set(feed, shown);
		}
		// A later change shows every earlier one as superseded in the embed from now on.
		for (let c = change; c >= 1 && !shown.has(c); c--) shown.set(c, at);
	}

	private async get(
		url: string,
		etag: string | undefined,
		where: string,
	): Promise<{ status: number; etag?: string; text?: string } | null> {
		try {
			// Node's fetch keeps its connections alive: a reader's views reuse one, as a browser's would.
			const res = await fetch(url, { headers: etag ? { "If-None-Match": etag } : {} });
			const text = await res.text();
			if (res.status >= 400) {
				this.errors.push({ at: Date.now(), where, message: `${url} answered ${res.status}: ${text.slice(0, 200)}` });
				return null;
			}
			return { status: res.status, etag: res.headers.get("etag") ?? undefined, text };
		} catch (error) {
			this.errors.push({ at: Date.now(), where, message: `${url}: ${(error as Error).cause ?? (error as Error).message}` });
			return null;
		}
	}

	/** One reader's view of `chart`: the page, then its data, each revalidated with what this reader saw last. */
	private async view(chart: WatchedChart, known: Map<string, string>): Promise<void> {
		const page = await this.get(chart.embedUrl, known.get(chart.embedUrl), "reader page");
		if (!page) return;
		if (page.etag) known.set(chart.embedUrl, page.etag);
		const dataUrl = `${chart.embedUrl}data.json`;
		const data = await this.get(dataUrl, known.get(dataUrl), "reader data");
		this.views.push({ at: Date.now(), who: "reader", requests: 2 });
		if (!data) return;
		if (data.etag) known.set(dataUrl, data.etag);
		if (data.status === 200 && data.text) {
			const change = shownChange(data.text);
			if (change !== null) this.noteShown(chart.feed, change, Date.now());
		}
	}

	/** `count` readers, each looping over `charts` (starting at its own), pausing `pauseMs` after each view. */
	startReaders(charts: WatchedChart[], count: number, pauseMs: number): void {
		this.running = true;
		for (let r = 0; r < count; r++) {
			const known = new Map<string, string>();
			this.loops.push(
				(async () => {
					// Spread the readers' first views over one pause, as readers arrive over time.
					await sleep(Math.random() * pauseMs);
					for (let i = r; this.running; i++) {
						await this.view(charts[i % charts.length] as WatchedChart, known);
						await sleep(pauseMs);
					}
				})(),
			);
		}
	}

	/** Every `everyMs`, the data of each chart whose feed has changed past what its embed was last seen showing. */
	startWatcher(charts: WatchedChart[], everyMs: number): void {
		this.running = true;
		const known = new Map<string, string>();
		this.loops.push(
			(async () => {
				while (this.running) {
					const round = Date.now();
					const behind = charts.filter((chart) => {
						const latest = this.latestChange(chart.feed);
						return latest > 0 && !this.firstShown.get(chart.feed)?.has(latest);
					});
					await inPool(behind, 8, async (chart) => {
						const dataUrl = `${chart.embedUrl}data.json`;
						const data = await this.get(dataUrl, known.get(dataUrl), "watcher data");
						this.views.push({ at: Date.now(), who: "watcher", requests: 1 });
						if (!data) return;
						if (data.etag) known.set(dataUrl, data.etag);
						if (data.status === 200 && data.text) {
							const change = shownChange(data.text);
							if (change !== null) this.noteShown(chart.feed, change, Date.now());
						}
					});
					await sleep(Math.max(0, everyMs - (Date.now() - round)));
				}
			})(),
		);
	}

	async stop(): Promise<void> {
		this.running = false;
		await Promise.all(this.loops);
		this.loops = [];
	}
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items`, at most `limit` at once. */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
	let next = 0;
	const lane = async () => {
		while (next < items.length) {
			const index = next++;
			await work(items[index] as T, index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
