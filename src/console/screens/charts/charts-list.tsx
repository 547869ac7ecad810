/**
 * The Charts screen's main pane below the toolbar: the list of charts (rows with their menus,
 * draggable onto the tree), or what stands in its place: loading rows, the API's refusal with
 * "Try again", a folder that no longer exists, and the empty states (nothing found, an empty
 * folder, a workspace with no chart yet).
 *
 * The list draws only the rows on screen (list-window.ts); each row says where it stands in the
 * whole list (`aria-posinset` of `aria-setsize`), so a screen reader counts every chart. ↑/↓ on a
 * chart's name move to the next or previous chart and Home/End to the first or last, loading
 * and drawing it first when it is not yet.
 */
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { Icon } from "../../components/icon";
import type { MenuAction } from "../../components/menu";
import type { ChartListItem, Folder } from "../../lib/chart-types";
import { Link } from "../../lib/router";
import { ChartRow, PendingRow, SkeletonRows } from "./chart-row";
import type { FolderModel } from "./folder-model";
import { folderPath } from "./folder-model";
import type { Dragged } from "./folder-tree";
import { scrollRowIntoView, useListWindow } from "./list-window";

interface ListProps {
	/** The charts last answered; `stale` when they answer another folder, search or sort. */
	charts: ChartListItem[] | null;
	/** How many charts the list holds, loaded or not. */
	total: number;
	/** Asks for the charts up to this index to be loaded. */
	need(index: number): void;
	stale: boolean;
	error: string | null;
	missingFolder: boolean;
	query: string;
	folder: Folder | undefined;
	/** How many folders the folder shown holds (listed above the charts). */
	subfolders: number;
	/** "All charts" spans folders: each row names the folder its chart is in. */
	spansFolders: boolean;
	heading: string;
	model: FolderModel;
	now: number;
	creating: boolean;
	/** False for a viewer: rows are not draggable and the empty states offer no new chart. */
	editable: boolean;
	dragged: Dragged | null;
	actions(chart: ChartListItem): (MenuAction | "separator")[];
	onRetry(): void;
	onClearSearch(): void;
	onCreate(start?: "paste" | "library"): void;
	onDrag(item: Dragged | null): void;
}

function EmptyCharts({
	query,
	folder,
	subfolders,
	creating,
	editable,
	onClearSearch,
	onCreate,
}: Pick<ListProps, "query" | "folder" | "subfolders" | "creating" | "editable" | "onClearSearch" | "onCreate">) {
	if (query) {
		return (
			<div class="empty-state compact">
				<Icon name="search" size={24} class="empty-icon" />
				<h2>No charts match “{query}”</h2>
				<p class="muted">{folder ? `Searched in ${folder.name} only.` : "Search looks at chart names and notes."}</p>
				<div class="empty-actions">
					<button type="button" class="button" onClick={onClearSearch}>
						Clear search
					</button>
					{folder && (
						<Link class="button" href="/">
							Search all charts
						</Link>
					)}
				</div>
			</div>
		);
	}
	if (folder) {
		return (
			<div class="empty-state compact">
				<Icon name="folder" size={24} class="empty-icon" />
				<h2>{subfolders > 0 ? `No charts in ${folder.name} itself` : `No charts in ${folder.name} yet`}</h2>
				<p class="muted">
					{subfolders > 0 ? `Its ${subfolders === 1 ? "folder is" : "folders are"} listed above. ` : ""}Drag charts onto the folder, choose
					“Move to…” in a chart's menu, or make one here.
				</p>
				<div class="empty-actions" hidden={!editable}>
					<button type="button" class="button primary" onClick={() => onCreate()} disabled={creating}>
						<Icon name="plus" /> New chart
					</button>
				</div>
			</div>
		);
	}
	return (
		<div class="empty-state">
			<span class="empty-art" aria-hidden="true">
				<Icon name="logo" size={28} />
			</span>
			<h2>Make your first chart</h2>
			<p class="muted">Paste a CSV or search the statistics library to make your first chart.</p>
			<div class="empty-actions" hidden={!editable}>
				<button type="button" class="button primary" onClick={() => onCreate("paste")} disabled={creating}>
					<Icon name="upload" /> Paste a CSV
				</button>
				<button type="button" class="button" onClick={() => onCreate("library")} disabled={creating}>
					<Icon name="search" /> Search the statistics library
				</button>
			</div>
		</div>
	);
}

export function ChartsList(props: ListProps) {
	const { charts, stale, error, missingFolder, onRetry } = props;
	if (missingFolder) {
		return (
			<div class="banner warn" role="alert">
				<span class="banner-text">This folder no longer exists. It may have been deleted or moved to another workspace.</span>
				<Link class="button" href="/">
					Show all charts
				</Link>
			</div>
		);
	}
	if (error) {
		return (
			<div class="banner error" role="alert">
				<span class="banner-text">The charts could not be loaded: {error}</span>
				<button type="button" class="button" onClick={onRetry}>
					Try again
				</button>
			</div>
		);
	}
	if (!charts) {
		return (
			<div role="status" aria-label="Loading charts">
				<SkeletonRows />
			</div>
		);
	}
	if (charts.length === 0 && !stale) return <EmptyCharts {...props} />;
	return <WindowedList {...props} charts={charts} />;
}

/** Rows loaded ahead of the window, so scrolling on rarely waits for a page. */
const loadAhead = 200;

const moves: Record<string, (index: number, count: number) => number> = {
	ArrowDown: (index) => index + 1,
	ArrowUp: (index) => index - 1,
	Home: () => 0,
	End: (_, count) => count - 1,
};

function WindowedList(props: ListProps & { charts: ChartListItem[] }) {
	const { charts, total, need, stale, spansFolders, heading, model, now, editable, dragged, actions, onDrag } = props;
	const listRef = useRef<HTMLUListElement>(null);
	const count = Math.max(total, charts.length);
	const { start, end, rowHeight } = useListWindow(listRef, count);
	const pendingFocus = useRef<number | null>(null);

	// Asked again whenever the charts change too: a reload starts again from the first page.
	useEffect(() => need(end + loadAhead), [end, need, charts]);

	// A row reached by keyboard gets focus once it is loaded and drawn.
	useLayoutEffect(() => {
		const index = pendingFocus.current;
		if (index === null) return;
		const name = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] .chart-name`);
		if (!name) return;
		pendingFocus.current = null;
		name.focus({ preventScroll: true });
	});

	const onKeyDown = (event: KeyboardEvent) => {
		const move = moves[event.key];
		const target = event.target as HTMLElement;
		const list = listRef.current;
		if (!move || !list || !target.classList.contains("chart-name")) return;
		const index = Number(target.closest<HTMLElement>("[data-index]")?.dataset.index);
		const next = move(index, count);
		if (!Number.isInteger(index) || next < 0 || next >= count || next === index) return;
		event.preventDefault();
		pendingFocus.current = next;
		need(next + loadAhead);
		scrollRowIntoView(list, next, rowHeight);
		const drawn = list.querySelector<HTMLElement>(`[data-index="${next}"] .chart-name`);
		if (drawn) {
			pendingFocus.current = null;
			drawn.focus({ preventScroll: true });
		}
	};

	const rows = [];
	for (let index = start; index < end; index++) {
		const chart = charts[index];
		const position = { index, setSize: count };
		rows.push(
			chart ? (
				<ChartRow
					key={chart.id}
					chart={chart}
					position={position}
					folderName={spansFolders && chart.folderId ? folderPath(model, chart.folderId) || null : null}
					now={now}
					draggable={editable}
					actions={actions(chart)}
					dragging={dragged?.type === "chart" && dragged.id === chart.id}
					onDragStart={() => onDrag({ type: "chart", id: chart.id, name: chart.name, from: chart.folderId })}
					onDragEnd={() => onDrag(null)}
				/>
			) : (
				<PendingRow key={`pending-${index}`} position={position} />
			),
		);
	}
	return (
		<ul
			ref={listRef}
			class={stale ? "chart-list windowed stale" : "chart-list windowed"}
			aria-label={`Charts in ${heading}`}
			aria-busy={stale}
			onKeyDown={onKeyDown}
			style={{ paddingTop: `${start * rowHeight}px`, paddingBottom: `${(count - end) * rowHeight}px` }}
		>
			{rows}
		</ul>
	);
}
