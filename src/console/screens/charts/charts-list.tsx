/**
 * The Charts screen's main pane below the toolbar: the list of charts (rows with their menus,
 * draggable onto the tree), or what stands in its place: loading rows, the API's refusal with
 * "Try again", a folder that no longer exists, and the empty states (nothing found, an empty
 * folder, a workspace with no chart yet).
 */
import { Icon } from "../../components/icon";
import type { MenuAction } from "../../components/menu";
import type { ChartListItem, Folder } from "../../lib/chart-types";
import { Link } from "../../lib/router";
import { ChartRow, SkeletonRows } from "./chart-row";
import type { FolderModel } from "./folder-model";
import { folderPath } from "./folder-model";
import type { Dragged } from "./folder-tree";

interface ListProps {
	/** The charts last answered; `stale` when they answer another folder, search or sort. */
	charts: ChartListItem[] | null;
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
	dragged: Dragged | null;
	actions(chart: ChartListItem): (MenuAction | "separator")[];
	onRetry(): void;
	onClearSearch(): void;
	onCreate(start?: "paste" | "library"): void;
	onDrag(item: Dragged | null): void;
}

/** ↑/↓ on a chart's name moves to the next or previous chart. */
function onListKey(event: KeyboardEvent) {
	if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
	const target = event.target as HTMLElement;
	if (!target.classList.contains("chart-name")) return;
	const names = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>(".chart-name")];
	const next = names[names.indexOf(target) + (event.key === "ArrowDown" ? 1 : -1)];
	if (next) {
		event.preventDefault();
		next.focus();
	}
}

function EmptyCharts({
	query,
	folder,
	subfolders,
	creating,
	onClearSearch,
	onCreate,
}: Pick<ListProps, "query" | "folder" | "subfolders" | "creating" | "onClearSearch" | "onCreate">) {
	if (query) {
		return (
			<div class="empty-state compact">
				<Icon name="search" size={24} class="empty-icon" />
				<h2>No charts match “{query}”</h2>
				<p class="muted">{folder ? `Searched in ${folder.name} only.` : "Search looks at chart names."}</p>
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
				<div class="empty-actions">
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
			<div class="empty-actions">
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
	const { charts, stale, error, missingFolder, spansFolders, heading, model, now, dragged, actions, onRetry, onDrag } = props;
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
	return (
		<ul class={stale ? "chart-list stale" : "chart-list"} aria-label={`Charts in ${heading}`} aria-busy={stale} onKeyDown={onListKey}>
			{charts.map((chart) => (
				<ChartRow
					key={chart.id}
					chart={chart}
					folderName={spansFolders && chart.folderId ? folderPath(model, chart.folderId) || null : null}
					now={now}
					actions={actions(chart)}
					dragging={dragged?.type === "chart" && dragged.id === chart.id}
					onDragStart={() => onDrag({ type: "chart", id: chart.id, name: chart.name, from: chart.folderId })}
					onDragEnd={() => onDrag(null)}
				/>
			))}
		</ul>
	);
}
