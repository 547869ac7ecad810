/**
 * Charts (`/`, docs/design.md#d34; docs/design.md#console-layout): the workspace's charts (a teammate's and those
 * made through the API included) beside the folder tree.
 *
 * - "All charts" lists every chart of the workspace, filed or not; a folder (`/?folder=<id>`,
 *   linkable) lists the charts filed directly in it (`GET /v1/charts?folderId=`). Search
 *   (`?search=` on the API) and sort apply within what is shown.
 * - Every action is in a menu (a row's ⋯, the folder's ⋯ beside its name) and so reachable by
 *   keyboard; dragging a row or a folder onto a folder of the tree does the same moves.
 * - Keys: `/` focuses search, `n` makes a new chart, arrows move in the tree and down the list.
 */
import "./charts.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { MenuAction } from "../../components/menu";
import { announce } from "../../lib/announce";
import { api, describeFailure } from "../../lib/api";
import type { ChartListItem, Folder } from "../../lib/chart-types";
import { plural } from "../../lib/format";
import { canEdit } from "../../lib/roles";
import { navigate, useLocation } from "../../lib/router";
import { useRole } from "../../lib/session";
import type { Notice } from "./action-banners";
import { ActionBanners } from "./action-banners";
import { chartsPath, useChartPages } from "./chart-pages";
import { chartHref } from "./chart-row";
import type { DialogState, Moving } from "./charts-dialogs";
import { ChartsDialogs } from "./charts-dialogs";
import { ChartsHead } from "./charts-head";
import { ChartsList } from "./charts-list";
import type { Sort } from "./charts-toolbar";
import { ChartsToolbar, readSort } from "./charts-toolbar";
import { ancestorsOf, buildFolderModel, narrowTo, selfAndDescendants, topLevelName } from "./folder-model";
import { FolderSidebar } from "./folder-sidebar";
import type { Dragged } from "./folder-tree";
import { SubfolderList } from "./subfolder-list";

/** Typing in a field, or a dialog or menu open: single-key shortcuts stay out of the way. */
function shortcutsBlocked(event: KeyboardEvent): boolean {
	if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return true;
	const target = event.target as HTMLElement | null;
	if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role=menu]")) return true;
	return document.querySelector("dialog[open]") !== null;
}

export function ChartsScreen() {
	const { search: params } = useLocation();
	// A viewer reads and exports: the screen offers no write (docs/console.md, Teams).
	const editable = canEdit(useRole());
	const selected = params.get("folder");

	const [folders, setFolders] = useState<Folder[] | null>(null);
	const [foldersError, setFoldersError] = useState<string | null>(null);
	const [reloads, setReloads] = useState(0);
	const [searchText, setSearchText] = useState("");
	const [query, setQuery] = useState("");
	const [sort, setSort] = useState<Sort>(readSort);
	const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
	const [dragged, setDragged] = useState<Dragged | null>(null);
	const [dialog, setDialog] = useState<DialogState | null>(null);
	const [notice, setNotice] = useState<Notice | null>(null);
	const [actionError, setActionError] = useState<string | null>(null);
	const [creating, setCreating] = useState(false);
	const [now, setNow] = useState(Date.now);
	const searchRef = useRef<HTMLInputElement>(null);
	const draggedRef = useRef<Dragged | null>(null);

	const model = useMemo(() => buildFolderModel(folders ?? []), [folders]);
	const selectedFolder = selected ? model.byId.get(selected) : undefined;
	const missingFolder = selected !== null && folders !== null && !selectedFolder;
	const currentKey = chartsPath(selected, query, sort);

	// Folders
	const loadFolders = useCallback(() => {
		setFoldersError(null);
		return api.get<{ folders: Folder[] }>("/v1/folders").then(
			({ body }) => setFolders(body.folders),
			(failure: unknown) => setFoldersError(describeFailure(failure)),
		);
	}, []);
	useEffect(() => void loadFolders(), []);

	// Charts: reloaded when the folder, search or sort change, and after every change made here.
	const { pages: list, error: listError, need } = useChartPages(currentKey, reloads, missingFolder);
	useEffect(() => setNow(Date.now()), [list?.key, reloads]);

	const reload = () => setReloads((n) => n + 1);

	// Search is debounced; Escape in the field clears it.
	useEffect(() => {
		const timer = window.setTimeout(() => setQuery(searchText.trim()), 250);
		return () => window.clearTimeout(timer);
	}, [searchText]);

	useEffect(() => {
		if (list?.key === currentKey && query) announce(`${plural(list.total, "chart")} found`);
	}, [list?.key, list?.total]);

	// The folder shown is visible in the tree and open: its ancestors and itself are expanded when
	// it is picked (or the folders first arrive); closing it afterwards is the person's choice.
	useEffect(() => {
		if (!selected || !folders) return;
		const open = [...ancestorsOf(model, selected).map((folder) => folder.id), selected];
		if (open.every((id) => expanded.has(id))) return;
		setExpanded((current) => new Set([...current, ...open]));
	}, [selected, folders === null]);

	useEffect(() => {
		document.title = `${selectedFolder?.name ?? topLevelName} · Charts`;
	}, [selectedFolder?.name]);

	// Relative times stay true while the screen is open.
	useEffect(() => {
		const timer = window.setInterval(() => setNow(Date.now()), 60_000);
		return () => window.clearInterval(timer);
	}, []);

	const expand = (id: string, open: boolean) =>
		setExpanded((current) => {
			const next = new Set(current);
			if (open) next.add(id);
			else next.delete(id);
			return next;
		});

	const placeName = (id: string | null) => (id ? (model.byId.get(id)?.name ?? "a folder") : topLevelName);

	const done = (text: string, extra: Omit<Notice, "text"> = {}) => {
		setActionError(null);
		setNotice({ text, ...extra });
		announce(text);
	};

	const failed = (failure: unknown) => {
		const message = describeFailure(failure);
		setNotice(null);
		setActionError(message);
		announce(message);
	};

	// Actions
	const createChart = async (start?: "paste" | "library") => {
		if (creating) return;
		setCreating(true);
		try {
			const { body } = await api.post<{ id: string }>("/v1/charts", {
				// No title: the editor shows "Untitled chart" as the title field's placeholder, so typing starts afresh.
				kind: "line",
				...(selectedFolder ? { folderId: selectedFolder.id } : {}),
			});
			navigate(`${chartHref(body.id)}${start ? `?start=${start}` : ""}`);
		} catch (failure) {
			failed(failure);
			setCreating(false);
		}
	};

	const moveChart = async (chart: Moving, target: string | null, undoable = true) => {
		await api.patch(`/v1/charts/${encodeURIComponent(chart.id)}`, { folderId: target });
		reload();
		done(`Moved “${chart.name}” to ${placeName(target)}.`, {
			undo: undoable
				? async () => {
						await moveChart({ ...chart, from: target }, chart.from, false).catch(failed);
					}
				: undefined,
		});
	};

	const moveFolder = async (folder: Moving, target: string | null, undoable = true) => {
		await api.patch(`/v1/folders/${encodeURIComponent(folder.id)}`, { parentId: target });
		await loadFolders();
		if (target) expand(target, true);
		done(`Moved folder “${folder.name}” to ${placeName(target)}.`, {
			undo: undoable
				? async () => {
						await moveFolder({ ...folder, from: target }, folder.from, false).catch(failed);
					}
				: undefined,
		});
	};

	const duplicate = async (chart: ChartListItem) => {
		try {
			const title = `${chart.name} (copy)`;
			const { body } = await api.post<{ id: string; name?: string }>(`/v1/charts/${encodeURIComponent(chart.id)}/copy`, {
				meta: { title },
			});
			reload();
			done(`Made “${body.name ?? title}”.`, { link: { href: chartHref(body.id), label: "Open it" } });
		} catch (failure) {
			failed(failure);
		}
	};

	const copyEmbedLink = async (chart: ChartListItem) => {
		if (!chart.published) return;
		try {
			await navigator.clipboard.writeText(chart.published.embedUrl);
			done(`Copied the embed link of “${chart.name}”.`);
		} catch {
			failed(new Error(`Could not reach the clipboard. The embed link is ${chart.published.embedUrl}`));
		}
	};

	const chartActions = (chart: ChartListItem): (MenuAction | "separator")[] =>
		editable ? writerChartActions(chart) : [{ label: "Open", onSelect: () => navigate(chartHref(chart.id)) }, ...copyAction(chart)];

	const copyAction = (chart: ChartListItem): MenuAction[] =>
		chart.published ? [{ label: "Copy embed link", onSelect: () => void copyEmbedLink(chart) }] : [];

	const writerChartActions = (chart: ChartListItem): (MenuAction | "separator")[] => [
		{ label: "Open", onSelect: () => navigate(chartHref(chart.id)) },
		{ label: "Duplicate", onSelect: () => void duplicate(chart) },
		{ label: "Move to…", onSelect: () => setDialog({ type: "move-chart", chart }) },
		...copyAction(chart),
		"separator",
		{ label: "Delete…", danger: true, onSelect: () => setDialog({ type: "delete-chart", chart }) },
	];

	const folderActions = (folder: Folder): (MenuAction | "separator")[] => (editable ? writerFolderActions(folder) : []);

	const writerFolderActions = (folder: Folder): (MenuAction | "separator")[] => [
		{ label: "New folder inside", onSelect: () => setDialog({ type: "new-folder" }) },
		{ label: "Rename…", onSelect: () => setDialog({ type: "rename-folder", folder }) },
		{ label: "Move to…", onSelect: () => setDialog({ type: "move-folder", folder }) },
		"separator",
		{ label: "Delete folder…", danger: true, onSelect: () => setDialog({ type: "delete-folder", folder }) },
	];

	// Drag and drop onto the tree
	const startDrag = (item: Dragged | null) => {
		if (!editable && item) return;
		// Read synchronously by the drop targets: the first dragover may come before a re-render.
		draggedRef.current = item;
		setDragged(item);
	};
	const canDrop = (target: string | null) => {
		const item = draggedRef.current;
		if (!item) return false;
		if (target === item.from) return false;
		if (item.type === "folder" && target !== null) return !selfAndDescendants(model, item.id).has(target);
		return true;
	};
	const drop = (target: string | null) => {
		const item = draggedRef.current;
		startDrag(null);
		if (!item) return;
		const moving = item.type === "chart" ? moveChart(item, target) : moveFolder(item, target);
		moving.catch(failed);
	};

	// Keyboard shortcuts: `/` search, `n` new chart.
	useEffect(() => {
		const onKey = (event: KeyboardEvent) => {
			if (shortcutsBlocked(event)) return;
			if (event.key === "/") {
				event.preventDefault();
				searchRef.current?.focus();
				searchRef.current?.select();
			} else if (editable && (event.key === "n" || event.key === "N")) {
				event.preventDefault();
				void createChart();
			}
		};
		document.addEventListener("keydown", onKey);
		return () => document.removeEventListener("keydown", onKey);
	});

	// While searching, the tree holds only the folders with matches (and the folder shown), open.
	const counts = list?.folderCounts ?? null;
	const searching = query !== "" && list?.key === currentKey;
	const treeModel = useMemo(() => {
		if (!searching || !counts) return model;
		return narrowTo(model, [...Object.keys(counts), ...(selected ? [selected] : [])]);
	}, [model, searching, counts, selected]);
	const treeExpanded = useMemo(() => (treeModel === model ? expanded : new Set(treeModel.byId.keys())), [treeModel, model, expanded]);

	const closeDialog = () => setDialog(null);
	const shown = list && list.key === currentKey ? list : null;
	const stale = list !== null && !shown;
	const heading = selectedFolder?.name ?? topLevelName;
	const count = shown ? plural(shown.total, "chart") : null;

	return (
		<div class={dragged ? "charts-screen is-dragging" : "charts-screen"}>
			<FolderSidebar
				folders={folders}
				error={foldersError}
				model={treeModel}
				expanded={treeExpanded}
				counts={counts}
				selected={selectedFolder ? selectedFolder.id : null}
				dragged={dragged}
				onRetry={() => void loadFolders()}
				onExpand={expand}
				canDrop={canDrop}
				onDrop={drop}
				onDrag={startDrag}
			/>

			<section class="charts-main" aria-labelledby="charts-heading">
				<ChartsHead model={model} folder={selectedFolder} heading={heading} count={count} actions={folderActions} />
				<ChartsToolbar
					searchRef={searchRef}
					searchText={searchText}
					folderName={selectedFolder?.name ?? null}
					sort={sort}
					creating={creating}
					editable={editable}
					onSearchText={setSearchText}
					onSort={setSort}
					onNewFolder={() => setDialog({ type: "new-folder" })}
					onNewChart={() => void createChart()}
				/>
				<ActionBanners
					notice={notice}
					error={actionError}
					onDismissNotice={() => setNotice(null)}
					onDismissError={() => setActionError(null)}
				/>
				{selectedFolder && !query && (
					<SubfolderList parentName={selectedFolder.name} children={model.nodes.get(selectedFolder.id)?.children ?? []} />
				)}
				<ChartsList
					charts={list ? list.charts : null}
					total={list ? list.total : 0}
					need={need}
					subfolders={selectedFolder ? (model.nodes.get(selectedFolder.id)?.children.length ?? 0) : 0}
					stale={stale}
					error={listError}
					missingFolder={missingFolder}
					query={query}
					folder={selectedFolder}
					spansFolders={!selected}
					heading={heading}
					model={model}
					now={now}
					creating={creating}
					editable={editable}
					dragged={dragged}
					actions={chartActions}
					onRetry={reload}
					onClearSearch={() => setSearchText("")}
					onCreate={(start) => void createChart(start)}
					onDrag={startDrag}
				/>
			</section>

			<ChartsDialogs
				dialog={dialog}
				model={model}
				shown={selectedFolder ? selectedFolder.id : null}
				onClose={closeDialog}
				loadFolders={loadFolders}
				reloadCharts={reload}
				expand={expand}
				placeName={placeName}
				done={done}
				moveChart={moveChart}
				moveFolder={moveFolder}
			/>
		</div>
	);
}
