/**
 * Charts (`/`, DESIGN D34; CONSOLE.md, Layout): the workspace's charts (a teammate's and those
 * made through the API included) beside the folder tree.
 *
 * - "All charts" lists every chart of the workspace, filed or not; a folder (`/?folder=<id>`,
 *   linkable) lists the charts filed directly in it (`GET /v1/charts?folderId=`). Search
 *   (`?search=` on the API) and sort apply within what is shown.
 * - Every action is in a menu (a row's ⋯, the folder's ⋯ beside its name) and so reachable by
 *   keyboard; dragging a row or a folder onto a folder of the tree does the same moves.
 * - Keys: `/` focuses search, `n` makes a new chart, arrows move in the tree and down the list.
 */
import { defaultChartName } from "../../../domain/chart-name";
import "./charts.css";
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Icon } from "../../components/icon";
import type { MenuAction } from "../../components/menu";
import { Menu } from "../../components/menu";
import { announce } from "../../lib/announce";
import { api, describeFailure } from "../../lib/api";
import type { ChartListItem, Folder } from "../../lib/chart-types";
import { plural } from "../../lib/format";
import { Link, navigate, useLocation } from "../../lib/router";
import { ChartRow, chartHref, SkeletonRows } from "./chart-row";
import { DeleteChartDialog, DeleteFolderDialog, FolderNameDialog, FolderSelect, MoveDialog } from "./dialogs";
import { ancestorsOf, buildFolderModel, folderPath, selfAndDescendants, topLevelName } from "./folder-model";
import type { Dragged } from "./folder-tree";
import { FolderTree, folderHref } from "./folder-tree";

type Sort = "updated" | "name";

type DialogState =
	| { type: "new-folder" }
	| { type: "rename-folder"; folder: Folder }
	| { type: "move-folder"; folder: Folder }
	| { type: "delete-folder"; folder: Folder }
	| { type: "move-chart"; chart: ChartListItem }
	| { type: "delete-chart"; chart: ChartListItem };

interface Notice {
	text: string;
	link?: { href: string; label: string };
	undo?: () => Promise<void>;
}

interface ListState {
	/** The query the charts answer (folder, search, sort), so a stale answer is shown as such. */
	key: string;
	charts: ChartListItem[];
}

const sortKey = "console.charts.sort";

function readSort(): Sort {
	try {
		return localStorage.getItem(sortKey) === "name" ? "name" : "updated";
	} catch {
		return "updated";
	}
}

function chartsPath(folder: string | null, search: string, sort: Sort): string {
	const params = new URLSearchParams();
	if (folder) params.set("folderId", folder);
	if (search) params.set("search", search);
	params.set("sort", sort);
	return `/v1/charts?${params}`;
}

/** Typing in a field, or a dialog or menu open: single-key shortcuts stay out of the way. */
function shortcutsBlocked(event: KeyboardEvent): boolean {
	if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return true;
	const target = event.target as HTMLElement | null;
	if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role=menu]")) return true;
	return document.querySelector("dialog[open]") !== null;
}

export function ChartsScreen() {
	const { search: params } = useLocation();
	const selected = params.get("folder");

	const [folders, setFolders] = useState<Folder[] | null>(null);
	const [foldersError, setFoldersError] = useState<string | null>(null);
	const [list, setList] = useState<ListState | null>(null);
	const [listError, setListError] = useState<string | null>(null);
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
	useEffect(() => {
		if (missingFolder) return;
		const controller = new AbortController();
		setListError(null);
		api.get<{ charts: ChartListItem[] }>(currentKey, { signal: controller.signal }).then(
			({ body }) => {
				setList({ key: currentKey, charts: body.charts });
				setNow(Date.now());
			},
			(failure: unknown) => {
				if (!controller.signal.aborted) setListError(describeFailure(failure));
			},
		);
		return () => controller.abort();
	}, [currentKey, reloads, missingFolder]);

	const reload = () => setReloads((n) => n + 1);

	// Search is debounced; Escape in the field clears it.
	useEffect(() => {
		const timer = window.setTimeout(() => setQuery(searchText.trim()), 250);
		return () => window.clearTimeout(timer);
	}, [searchText]);

	useEffect(() => {
		if (list?.key === currentKey && query) announce(`${plural(list.charts.length, "chart")} found`);
	}, [list]);

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
				kind: "line",
				meta: { title: defaultChartName },
				...(selectedFolder ? { folderId: selectedFolder.id } : {}),
			});
			navigate(`${chartHref(body.id)}${start ? `?start=${start}` : ""}`);
		} catch (failure) {
			failed(failure);
			setCreating(false);
		}
	};

	const moveChart = async (chart: { id: string; name: string; from: string | null }, target: string | null, undoable = true) => {
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

	const moveFolder = async (folder: { id: string; name: string; from: string | null }, target: string | null, undoable = true) => {
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

	const chartActions = (chart: ChartListItem): (MenuAction | "separator")[] => [
		{ label: "Open", onSelect: () => navigate(chartHref(chart.id)) },
		{ label: "Duplicate", onSelect: () => void duplicate(chart) },
		{ label: "Move to…", onSelect: () => setDialog({ type: "move-chart", chart }) },
		...(chart.published ? [{ label: "Copy embed link", onSelect: () => void copyEmbedLink(chart) }] : []),
		"separator",
		{ label: "Delete…", danger: true, onSelect: () => setDialog({ type: "delete-chart", chart }) },
	];

	const folderActions = (folder: Folder): (MenuAction | "separator")[] => [
		{ label: "New folder inside", onSelect: () => setDialog({ type: "new-folder" }) },
		{ label: "Rename…", onSelect: () => setDialog({ type: "rename-folder", folder }) },
		{ label: "Move to…", onSelect: () => setDialog({ type: "move-folder", folder }) },
		"separator",
		{ label: "Delete folder…", danger: true, onSelect: () => setDialog({ type: "delete-folder", folder }) },
	];

	// Drag and drop onto the tree
	const startDrag = (item: Dragged | null) => {
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
			} else if (event.key === "n" || event.key === "N") {
				event.preventDefault();
				void createChart();
			}
		};
		document.addEventListener("keydown", onKey);
		return () => document.removeEventListener("keydown", onKey);
	});

	// ↑/↓ on a chart's name moves to the next or previous chart.
	const onListKey = (event: KeyboardEvent) => {
		if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
		const target = event.target as HTMLElement;
		if (!target.classList.contains("chart-name")) return;
		const names = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>(".chart-name")];
		const next = names[names.indexOf(target) + (event.key === "ArrowDown" ? 1 : -1)];
		if (next) {
			event.preventDefault();
			next.focus();
		}
	};

	const closeDialog = () => setDialog(null);
	const shown = list && list.key === currentKey ? list : null;
	const stale = list !== null && !shown;
	const spansFolders = !selected;
	const heading = selectedFolder?.name ?? topLevelName;
	const count = shown ? plural(shown.charts.length, "chart") : null;

	let body: ComponentChildren;
	if (missingFolder) {
		body = (
			<div class="banner warn" role="alert">
				<span class="banner-text">This folder no longer exists. It may have been deleted or moved to another workspace.</span>
				<Link class="button" href="/">
					Show all charts
				</Link>
			</div>
		);
	} else if (listError) {
		body = (
			<div class="banner error" role="alert">
				<span class="banner-text">The charts could not be loaded: {listError}</span>
				<button type="button" class="button" onClick={reload}>
					Try again
				</button>
			</div>
		);
	} else if (!list) {
		body = (
			<div role="status" aria-label="Loading charts">
				<SkeletonRows />
			</div>
		);
	} else if (list.charts.length === 0 && !stale) {
		body = query ? (
			<div class="empty-state compact">
				<Icon name="search" size={24} class="empty-icon" />
				<h2>No charts match “{query}”</h2>
				<p class="muted">{selectedFolder ? `Searched in ${selectedFolder.name} only.` : "Search looks at chart names."}</p>
				<div class="empty-actions">
					<button type="button" class="button" onClick={() => setSearchText("")}>
						Clear search
					</button>
					{selectedFolder && (
						<Link class="button" href="/">
							Search all charts
						</Link>
					)}
				</div>
			</div>
		) : selectedFolder ? (
			<div class="empty-state compact">
				<Icon name="folder" size={24} class="empty-icon" />
				<h2>No charts in {selectedFolder.name} yet</h2>
				<p class="muted">Drag charts onto the folder, choose “Move to…” in a chart's menu, or make one here.</p>
				<div class="empty-actions">
					<button type="button" class="button primary" onClick={() => void createChart()} disabled={creating}>
						<Icon name="plus" /> New chart
					</button>
				</div>
			</div>
		) : (
			<div class="empty-state">
				<span class="empty-art" aria-hidden="true">
					<Icon name="logo" size={28} />
				</span>
				<h2>Make your first chart</h2>
				<p class="muted">Paste a CSV or search the statistics library to make your first chart.</p>
				<div class="empty-actions">
					<button type="button" class="button primary" onClick={() => void createChart("paste")} disabled={creating}>
						<Icon name="upload" /> Paste a CSV
					</button>
					<button type="button" class="button" onClick={() => void createChart("library")} disabled={creating}>
						<Icon name="search" /> Search the statistics library
					</button>
				</div>
			</div>
		);
	} else {
		body = (
			<ul class={stale ? "chart-list stale" : "chart-list"} aria-label={`Charts in ${heading}`} aria-busy={stale} onKeyDown={onListKey}>
				{list.charts.map((chart) => (
					<ChartRow
						key={chart.id}
						chart={chart}
						folderName={spansFolders && chart.folderId ? folderPath(model, chart.folderId) || null : null}
						now={now}
						actions={chartActions(chart)}
						dragging={dragged?.type === "chart" && dragged.id === chart.id}
						onDragStart={() => startDrag({ type: "chart", id: chart.id, name: chart.name, from: chart.folderId })}
						onDragEnd={() => startDrag(null)}
					/>
				))}
			</ul>
		);
	}

	const ancestors = selectedFolder ? ancestorsOf(model, selectedFolder.id) : [];

	return (
		<div class={dragged ? "charts-screen is-dragging" : "charts-screen"}>
			<aside class="charts-sidebar" aria-label="Folders">
				<div class="sidebar-head">
					<span class="section-label">Folders</span>
				</div>
				{foldersError ? (
					<div class="banner error" role="alert">
						<span class="banner-text">Folders could not be loaded: {foldersError}</span>
						<button type="button" class="button" onClick={() => void loadFolders()}>
							Try again
						</button>
					</div>
				) : folders === null ? (
					<div class="tree-skeleton" aria-hidden="true">
						<span class="skeleton line" />
						<span class="skeleton line" />
						<span class="skeleton line" />
					</div>
				) : (
					<FolderTree
						model={model}
						expanded={expanded}
						onExpand={expand}
						selected={selectedFolder ? selectedFolder.id : null}
						dragged={dragged}
						canDrop={canDrop}
						onDrop={drop}
						onDragStart={startDrag}
						onDragEnd={() => startDrag(null)}
					/>
				)}
				{dragged && <p class="drag-hint meta-text">Drop on a folder to move “{dragged.name}”.</p>}
			</aside>

			<section class="charts-main" aria-labelledby="charts-heading">
				<div class="folder-picker">
					<label for="folder-picker">Folder</label>
					<FolderSelect
						id="folder-picker"
						class="select"
						model={model}
						value={selectedFolder ? selectedFolder.id : null}
						topLabel={topLevelName}
						onChange={(id) => navigate(folderHref(id))}
					/>
					{selectedFolder && (
						<Menu
							label={`Folder actions for ${selectedFolder.name}`}
							button={<Icon name="more" />}
							actions={folderActions(selectedFolder)}
						/>
					)}
				</div>

				<div class="charts-head">
					<div class="charts-title">
						{ancestors.length > 0 && (
							<nav class="crumbs meta-text" aria-label="Folder path">
								<Link href="/">{topLevelName}</Link>
								{ancestors.map((folder) => (
									<span key={folder.id}>
										<span aria-hidden="true"> / </span>
										<Link href={folderHref(folder.id)}>{folder.name}</Link>
									</span>
								))}
							</nav>
						)}
						<div class="title-line">
							<h1 id="charts-heading">{heading}</h1>
							{selectedFolder && (
								<Menu
									label={`Folder actions for ${selectedFolder.name}`}
									button={<Icon name="more" />}
									actions={folderActions(selectedFolder)}
									align="start"
								/>
							)}
							{count && <span class="meta-text chart-count">{count}</span>}
						</div>
					</div>
				</div>

				<div class="charts-toolbar">
					<div class="search-box">
						<Icon name="search" class="search-icon" />
						<label for="chart-search" class="visually-hidden">
							Search charts
						</label>
						<input
							ref={searchRef}
							id="chart-search"
							type="search"
							class="input"
							placeholder={selectedFolder ? `Search in ${selectedFolder.name}` : "Search charts"}
							value={searchText}
							autoComplete="off"
							aria-keyshortcuts="/"
							onInput={(event) => setSearchText(event.currentTarget.value)}
							onKeyDown={(event) => {
								if (event.key === "Escape" && searchText) {
									event.preventDefault();
									setSearchText("");
								}
							}}
						/>
						{!searchText && (
							<span class="key-hint" aria-hidden="true">
								/
							</span>
						)}
					</div>
					<div class="toolbar-end">
						<label class="sort">
							<span class="sort-label">Sort</span>
							<select
								class="select"
								value={sort}
								onChange={(event) => {
									const next = event.currentTarget.value === "name" ? "name" : "updated";
									setSort(next);
									try {
										localStorage.setItem(sortKey, next);
									} catch {
										// Private windows: the choice lasts for this visit.
									}
								}}
							>
								<option value="updated">Updated</option>
								<option value="name">Name</option>
							</select>
						</label>
						<button type="button" class="button" onClick={() => setDialog({ type: "new-folder" })}>
							<Icon name="folder" /> New folder
						</button>
						<button
							type="button"
							class="button primary"
							onClick={() => void createChart()}
							disabled={creating}
							aria-keyshortcuts="n"
							title="New chart (N)"
						>
							<Icon name="plus" /> {creating ? "Creating…" : "New chart"}
						</button>
					</div>
				</div>

				{actionError && (
					<div class="banner error" role="alert">
						<span class="banner-text">{actionError}</span>
						<button type="button" class="button quiet" onClick={() => setActionError(null)}>
							Dismiss
						</button>
					</div>
				)}
				{notice && (
					<div class="banner ok notice">
						<span class="banner-text">{notice.text}</span>
						{notice.link && (
							<Link class="button" href={notice.link.href}>
								{notice.link.label}
							</Link>
						)}
						{notice.undo && (
							<button
								type="button"
								class="button"
								onClick={() => {
									const undo = notice.undo;
									setNotice(null);
									void undo?.();
								}}
							>
								Undo
							</button>
						)}
						<button type="button" class="button quiet icon" aria-label="Dismiss" onClick={() => setNotice(null)}>
							<Icon name="close" />
						</button>
					</div>
				)}

				{body}
			</section>

			<FolderNameDialog
				open={dialog?.type === "new-folder"}
				title="New folder"
				submitLabel="Create folder"
				initialName=""
				parent={{ model, value: selectedFolder ? selectedFolder.id : null }}
				onClose={closeDialog}
				onSubmit={async (name, parentId) => {
					const { body } = await api.post<Folder>("/v1/folders", { name, parentId });
					await loadFolders();
					if (parentId) expand(parentId, true);
					closeDialog();
					done(`Made folder “${body.name}” in ${placeName(parentId)}.`, { link: { href: folderHref(body.id), label: "Show it" } });
				}}
			/>
			<FolderNameDialog
				open={dialog?.type === "rename-folder"}
				title="Rename folder"
				submitLabel="Rename"
				initialName={dialog?.type === "rename-folder" ? dialog.folder.name : ""}
				onClose={closeDialog}
				onSubmit={async (name) => {
					if (dialog?.type !== "rename-folder") return;
					await api.patch(`/v1/folders/${encodeURIComponent(dialog.folder.id)}`, { name });
					await loadFolders();
					closeDialog();
					done(`Renamed the folder to “${name}”.`);
				}}
			/>
			<MoveDialog
				open={dialog?.type === "move-chart" || dialog?.type === "move-folder"}
				item={
					dialog?.type === "move-chart"
						? { type: "chart", chart: dialog.chart }
						: dialog?.type === "move-folder"
							? { type: "folder", folder: dialog.folder }
							: null
				}
				model={model}
				onClose={closeDialog}
				onMove={async (target) => {
					if (dialog?.type === "move-chart") {
						await moveChart({ id: dialog.chart.id, name: dialog.chart.name, from: dialog.chart.folderId }, target);
					} else if (dialog?.type === "move-folder") {
						await moveFolder({ id: dialog.folder.id, name: dialog.folder.name, from: dialog.folder.parentId }, target);
					}
					closeDialog();
				}}
			/>
			<DeleteFolderDialog
				open={dialog?.type === "delete-folder"}
				folder={dialog?.type === "delete-folder" ? dialog.folder : null}
				model={model}
				onClose={closeDialog}
				onDelete={async () => {
					if (dialog?.type !== "delete-folder") return;
					const { folder } = dialog;
					await api.delete(`/v1/folders/${encodeURIComponent(folder.id)}`);
					closeDialog();
					// What was in it is now in its parent: show that when the deleted folder was shown.
					if (selected === folder.id) navigate(folderHref(folder.parentId), { replace: true });
					await loadFolders();
					reload();
					done(`Deleted folder “${folder.name}”. What was in it is now in ${placeName(folder.parentId)}.`);
				}}
			/>
			<DeleteChartDialog
				open={dialog?.type === "delete-chart"}
				chart={dialog?.type === "delete-chart" ? dialog.chart : null}
				onClose={closeDialog}
				onDelete={async () => {
					if (dialog?.type !== "delete-chart") return;
					const { chart } = dialog;
					await api.delete(`/v1/charts/${encodeURIComponent(chart.id)}`);
					closeDialog();
					reload();
					done(`Deleted “${chart.name}”.`);
				}}
			/>
		</div>
	);
}
