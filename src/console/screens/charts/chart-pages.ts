/**
 * The chart list a page at a time (`GET /v1/charts?limit=&cursor=`, docs/api.md): a small first
 * page, so the first row shows as soon at 50,000 charts as at 200, then larger pages as the
 * list is scrolled or walked by keyboard towards charts not loaded yet. An answer to a folder,
 * search or sort no longer asked for is dropped (its request aborted), never shown.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, describeFailure } from "../../lib/api";
import type { ChartListItem } from "../../lib/chart-types";
import type { Sort } from "./charts-toolbar";

/** The first page: what fills a tall screen, small enough to answer at once. */
const firstPageSize = 100;
/** The pages after it. */
const laterPageSize = 1000;

interface ChartPage {
	charts: ChartListItem[];
	nextCursor: string | null;
	total: number;
	folderCounts: Record<string, number>;
}

export interface ChartPages {
	/** The query these charts answer, so a stale list is shown as such while the next loads. */
	key: string;
	charts: ChartListItem[];
	/** How many charts the query holds, loaded or not. */
	total: number;
	/** Charts matching the search per folder id ("root": in no folder). */
	folderCounts: Record<string, number>;
}

export function chartsPath(folder: string | null, search: string, sort: Sort): string {
	const params = new URLSearchParams();
	if (folder) params.set("folderId", folder);
	if (search) params.set("search", search);
	params.set("sort", sort);
	return `/v1/charts?${params}`;
}

function pagePath(key: string, limit: number, cursor: string | null): string {
	return `${key}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
}

/**
 * Loads `key`'s first page whenever `key` or `reloads` change, and the pages after it as far as
 * `need(index)` asks.
 */
export function useChartPages(key: string, reloads: number, paused: boolean) {
	const [pages, setPages] = useState<ChartPages | null>(null);
	const [error, setError] = useState<string | null>(null);
	const cursor = useRef<string | null>(null);
	const wanted = useRef(0);
	const loading = useRef<AbortController | null>(null);
	const current = useRef<ChartPages | null>(null);

	const loadMore = useCallback((forKey: string) => {
		const list = current.current;
		if (!list || list.key !== forKey || loading.current || !cursor.current || list.charts.length > wanted.current) return;
		const controller = new AbortController();
		loading.current = controller;
		api.get<ChartPage>(pagePath(forKey, laterPageSize, cursor.current), { signal: controller.signal }).then(
			({ body }) => {
				if (controller.signal.aborted || current.current?.key !== forKey) return;
				loading.current = null;
				cursor.current = body.nextCursor;
				const next = { ...current.current, charts: [...current.current.charts, ...body.charts], total: body.total };
				current.current = next;
				setPages(next);
				loadMore(forKey);
			},
			(failure: unknown) => {
				if (controller.signal.aborted) return;
				loading.current = null;
				setError(describeFailure(failure));
			},
		);
	}, []);

	useEffect(() => {
		if (paused) return;
		const controller = new AbortController();
		loading.current?.abort();
		loading.current = null;
		// No later page is read onto the list shown while its first page is read again.
		current.current = null;
		wanted.current = 0;
		setError(null);
		api.get<ChartPage>(pagePath(key, firstPageSize, null), { signal: controller.signal }).then(
			({ body }) => {
				if (controller.signal.aborted) return;
				cursor.current = body.nextCursor;
				const first = { key, charts: body.charts, total: body.total, folderCounts: body.folderCounts };
				current.current = first;
				setPages(first);
				loadMore(key);
			},
			(failure: unknown) => {
				if (!controller.signal.aborted) setError(describeFailure(failure));
			},
		);
		return () => controller.abort();
	}, [key, reloads, paused]);

	/** Asks for the charts up to `index` (0-based) to be loaded. */
	const need = useCallback(
		(index: number) => {
			if (index <= wanted.current) return;
			wanted.current = index;
			if (current.current) loadMore(current.current.key);
		},
		[loadMore],
	);

	return { pages, error, need };
}
