/**
 * The election bench's results feeds: one CSV per linked chart on a loopback port
 * (`/feeds/{n}.csv`), answered with an ETag so an unchanged feed costs a 304, as a real feed's
 * would. The first `changing` feeds change once a minute, each at its own second of the minute
 * (spread evenly), so the minute's Cron run meets changes of every age. Each change is numbered;
 * its number is in the data (the label `count-{n}`), so a reader can tell which change an embed
 * shows. Every read and every change is recorded with its time.
 */
import type { Server } from "node:http";
import { createServer } from "node:http";

export interface FeedRead {
	feed: number;
	at: number;
	status: 200 | 304 | 404;
}

export interface FeedChange {
	feed: number;
	change: number;
	at: number;
}

/** The marker a feed's change `change` puts in its data (and so in the embed's data). */
export function changeMarker(change: number): string {
	return `count-${change}`;
}

/** The feed's CSV at change `change`: a horizontal bar chart of three rows, the first naming the change. */
export function feedCsv(feed: number, change: number): string {
	return `label,votes\n${changeMarker(change)},${1000 + change * 7 + (feed % 13)}\nOther,${500 + (feed % 97)}\nTurnout,${300 + change}\n`;
}

export class ElectionFeeds {
	readonly reads: FeedRead[] = [];
	readonly changes: FeedChange[] = [];
	private readonly current: number[];
	private server: Server | null = null;
	private timer: ReturnType<typeof setInterval> | null = null;
	private port = 0;

	constructor(
		readonly count: number,
		readonly changing: number,
	) {
		this.current = new Array(count).fill(0);
	}

	url(feed: number): string {
		return `http://127.0.0.1:${this.port}/feeds/${feed}.csv`;
	}

	changeOf(feed: number): number {
		return this.current[feed] ?? 0;
	}

	async listen(port: number): Promise<void> {
		this.server = createServer((req, res) => {
			const match = /^\/feeds\/(\d+)\.csv$/.exec(req.url ?? "");
			const feed = match ? Number(match[1]) : -1;
			if (feed < 0 || feed >= this.count) {
				this.reads.push({ feed, at: Date.now(), status: 404 });
				res.writeHead(404).end();
				return;
			}
			const change = this.changeOf(feed);
			const etag = `"f${feed}-c${change}"`;
			if (req.headers["if-none-match"] === etag) {
				this.reads.push({ feed, at: Date.now(), status: 304 });
				res.writeHead(304, { ETag: etag }).end();
				return;
			}
			this.reads.push({ feed, at: Date.now(), status: 200 });
			res.writeHead(200, { "Content-Type": "text/csv; charset=utf-8", ETag: etag, "Cache-Control": "no-cache" }).end(feedCsv(feed, change));
		});
		this.server.keepAliveTimeout = 30_000;
		await new Promise<void>((resolve, reject) => {
			this.server?.once("error", reject);
			this.server?.listen(port, "127.0.0.1", resolve);
		});
		this.port = port;
	}

	/**
	 * From `start` on, feed n (n < changing) changes at `start + (n / changing) * 60 s`, then every
	 * minute after, until `stop()`. Checked every 250 ms.
	 */
	startChanging(start: number): void {
		const nextAt = Array.from({ length: this.changing }, (_, n) => start + Math.floor((n / this.changing) * 60_000));
		this.timer = setInterval(() => {
			const now = Date.now();
			for (let n = 0; n < this.changing; n++) {
				if ((nextAt[n] as number) > now) continue;
				const change = this.changeOf(n) + 1;
				this.current[n] = change;
				this.changes.push({ feed: n, change, at: now });
				nextAt[n] = (nextAt[n] as number) + 60_000;
			}
		}, 250);
	}

	stopChanging(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = null;
	}

	async close(): Promise<void> {
		this.stopChanging();
		const server = this.server;
		if (!server) return;
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
		this.server = null;
	}
}
