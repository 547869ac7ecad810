/**
 * A pool of warm Chromium pages, the way browser-based export services keep them: each page
 * has ECharts and the option builders loaded once, and every chart's input pushed into it when
 * the chart is stored, so an export only draws. One export per page at a time; a request waits
 * for a free page (a queue, not a 503: such services queue).
 */
import type { Browser, Page } from "playwright-core";

const pageHtml = (width: number, height: number) =>
	`<!doctype html><html><body style="margin:0"><div id="chart" style="width:${width}px;height:${height}px"></div></body></html>`;

export class PagePool {
	private readonly free: Page[] = [];
	private readonly waiting: ((page: Page) => void)[] = [];
	private readonly all: Page[] = [];

	private constructor(
		private readonly browser: Browser,
		private readonly bundle: string,
	) {}

	static async open(browser: Browser, bundle: string, size: number): Promise<PagePool> {
		const pool = new PagePool(browser, bundle);
		for (let i = 0; i < size; i++) {
			const page = await pool.newPage(800, 500);
			pool.all.push(page);
			pool.free.push(page);
		}
		return pool;
	}

	/** A page with the bundle loaded; the pool's own, or a fresh one for the per-request mode. */
	async newPage(width: number, height: number): Promise<Page> {
		const page = await this.browser.newPage({ viewport: { width, height } });
		await page.setContent(pageHtml(width, height));
		await page.addScriptTag({ content: this.bundle });
		return page;
	}

	/** Runs `task` on every page (storing a chart's input in each). */
	async everyPage(task: (page: Page) => Promise<void>): Promise<void> {
		await Promise.all(this.all.map(task));
	}

	async withPage<T>(task: (page: Page) => Promise<T>): Promise<T> {
		const page = this.free.pop() ?? (await new Promise<Page>((resolve) => this.waiting.push(resolve)));
		try {
			return await task(page);
		} finally {
			const next = this.waiting.shift();
			if (next) next(page);
			else this.free.push(page);
		}
	}
}
