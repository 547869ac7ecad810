/**
 * The folder tree (docs/design.md#console-layout): "All charts" and the workspace's folders, nested. An ARIA
 * tree with one tab stop (roving tabindex): ↑/↓ move, → opens a folder or steps into it, ← closes
 * it or steps out to its parent, Home/End jump, Enter or Space shows the folder. Items are real
 * links (`/?folder=<id>`), so a folder opens in a new tab too. Every item is a drop target for a
 * dragged chart or folder; a folder item is itself draggable.
 *
 * Only the rows in the pane's view are drawn (tree-window.ts), so each says where it stands
 * (`aria-level`, `aria-posinset`, `aria-setsize`); the item with the tab stop is always drawn, so
 * focus is never lost to a scroll, and a key that moves to a row not drawn scrolls to it first.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { Icon } from "../../components/icon";
import { Link } from "../../lib/router";
import type { FolderModel, FolderNode } from "./folder-model";
import { flatten, topLevelName } from "./folder-model";
import { useTreeWindow } from "./tree-window";

/** What is being dragged: a chart row or a folder of the tree. */
export interface Dragged {
	type: "chart" | "folder";
	id: string;
	name: string;
	/** Where it is now (a chart's folder, a folder's parent); null is the top level. */
	from: string | null;
}

interface FolderTreeProps {
	model: FolderModel;
	expanded: Set<string>;
	onExpand(id: string, open: boolean): void;
	/** The folder shown, null for all charts. */
	selected: string | null;
	dragged: Dragged | null;
	/** Whether `dragged` may be dropped on the folder (null: the top level). */
	canDrop(target: string | null): boolean;
	onDrop(target: string | null): void;
	onDragStart(dragged: Dragged): void;
	onDragEnd(): void;
	/** Charts filed directly in each folder (matching the search, when there is one), by id; "root" is no folder. */
	counts: Record<string, number> | null;
}

/** How many charts an item holds, beside its name; nothing while the counts are not known. */
function ItemCount({ count }: { count: number | undefined }) {
	if (count === undefined) return null;
	return (
		<span class="tree-count">
			<span aria-hidden="true">{count.toLocaleString("en")}</span>
			<span class="visually-hidden">, {count === 1 ? "1 chart" : `${count.toLocaleString("en")} charts`}</span>
		</span>
	);
}

const allKey = "all";

export function folderHref(id: string | null): string {
	return id ? `/?folder=${encodeURIComponent(id)}` : "/";
}

function AllChartsIcon() {
	return (
		<svg
			width="16"
			height="16"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			stroke-width="2"
			stroke-linejoin="round"
			aria-hidden="true"
		>
			<path d="M12 3l9 5-9 5-9-5z" />
			<path d="M3 13l9 5 9-5" />
		</svg>
	);
}

export function FolderTree({
	model,
	expanded,
	onExpand,
	selected,
	dragged,
	canDrop,
	onDrop,
	onDragStart,
	onDragEnd,
	counts,
}: FolderTreeProps) {
	const allCount = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
	const visible = flatten(model, expanded);
	const keys = [allKey, ...visible.map((node) => node.folder.id)];
	const rowsRef = useRef<HTMLDivElement>(null);
	const { start, end, stride, reveal } = useTreeWindow(rowsRef, visible.length);
	const selectedKey = selected ?? allKey;
	const [focusKey, setFocusKey] = useState<string>(selectedKey);
	const [over, setOver] = useState<string | null>(null);
	// Items are found in the DOM by key rather than kept in a ref map: when a drag moves a folder,
	// Preact may draw its row anew and only then unmount the old one, whose `ref(null)` would
	// delete the new row from such a map, and the arrow keys would lose it.
	const treeRef = useRef<HTMLDivElement>(null);
	const itemElement = (key: string) =>
		[...(treeRef.current?.querySelectorAll<HTMLElement>("[data-tree-key]") ?? [])].find((element) => element.dataset.treeKey === key);
	const pendingFocus = useRef<string | null>(null);
	const hoverTimer = useRef<number | undefined>(undefined);

	// The tab stop follows the folder shown, and falls back when its folder goes away.
	useEffect(() => setFocusKey(selectedKey), [selectedKey]);
	const tabStop = keys.includes(focusKey) ? focusKey : keys.includes(selectedKey) ? selectedKey : allKey;

	// A key whose item is not drawn yet (a folder just opened) gets focus once the tree has drawn.
	// The ref holds the latest key asked for, not the tab stop of the render that scheduled the
	// effect: effects can run late, after a second key, and must not pull focus back.
	useLayoutEffect(() => {
		const key = pendingFocus.current;
		if (!key) return;
		const element = itemElement(key);
		if (!element) return;
		pendingFocus.current = null;
		if (element !== document.activeElement) element.focus({ preventScroll: true });
	});

	// The folder shown is scrolled into the pane once its row is there (its ancestors just opened).
	const revealed = useRef<string | null>(null);
	const selectedRow = visible.findIndex((node) => node.folder.id === selectedKey);
	useLayoutEffect(() => {
		if (selectedRow < 0 || revealed.current === selectedKey) return;
		revealed.current = selectedKey;
		reveal(selectedRow);
	}, [selectedKey, selectedRow]);

	useEffect(() => {
		if (!dragged) setOver(null);
	}, [dragged]);

	/** Focus to the item of `key`, `row` in the tree's order ("All charts" is row 0). */
	const moveFocus = (key: string | undefined, row: number) => {
		if (!key) return;
		pendingFocus.current = key;
		setFocusKey(key);
		// Folder rows count from the first folder; "All charts" (-1) sits just above them.
		if (row >= 0) reveal(row - 1);
		const element = itemElement(key);
		if (element) {
			pendingFocus.current = null;
			element.focus({ preventScroll: true });
		}
	};

	// Keys can come faster than the tree redraws: a → that opens a folder followed at once by ↓
	// must see the folder open. So the keys read the open folders as the last key left them.
	const expandedNow = useRef(expanded);
	expandedNow.current = expanded;
	const setOpen = (id: string, open: boolean) => {
		const next = new Set(expandedNow.current);
		if (open) next.add(id);
		else next.delete(id);
		expandedNow.current = next;
		onExpand(id, open);
	};

	const onKeyDown = (event: KeyboardEvent) => {
		// The item that has focus, not the last one the tree rendered as its tab stop: focus can
		// arrive (a click, a script) before the tree has re-rendered.
		const current = (event.target as HTMLElement).closest<HTMLElement>("[data-tree-key]")?.dataset.treeKey ?? tabStop;
		const keys = [allKey, ...flatten(model, expandedNow.current).map((node) => node.folder.id)];
		const index = keys.indexOf(current);
		const node = current === allKey ? undefined : model.nodes.get(current);
		const hasChildren = (node?.children.length ?? 0) > 0;
		const open = node ? expandedNow.current.has(node.folder.id) : false;
		const moveTo = (row: number) => moveFocus(keys[row], row);
		const moveToKey = (key: string | undefined) => moveFocus(key, key ? keys.indexOf(key) : -1);
		switch (event.key) {
			case "ArrowDown":
				moveTo(Math.min(index + 1, keys.length - 1));
				break;
			case "ArrowUp":
				moveTo(Math.max(index - 1, 0));
				break;
			case "Home":
				moveTo(0);
				break;
			case "End":
				moveTo(keys.length - 1);
				break;
			case "ArrowRight":
				if (!node || !hasChildren) break;
				if (!open) setOpen(node.folder.id, true);
				else moveToKey(node.children[0]?.folder.id);
				break;
			case "ArrowLeft":
				if (node && hasChildren && open) setOpen(node.folder.id, false);
				// The parent as the tree draws it (a folder just moved by drag may not have its new row yet).
				else if (node?.parent) moveToKey(node.parent.folder.id);
				break;
			case " ":
				itemElement(current)?.click();
				break;
			default:
				return;
		}
		event.preventDefault();
	};

	const dropHandlers = (target: string | null, node?: FolderNode) => {
		const key = target ?? allKey;
		return {
			onDragEnter: (event: DragEvent) => {
				if (!canDrop(target)) return;
				event.preventDefault();
				setOver(key);
				// Hovering a closed folder while dragging opens it, to reach its subfolders.
				window.clearTimeout(hoverTimer.current);
				if (node && node.children.length > 0 && !expanded.has(node.folder.id)) {
					hoverTimer.current = window.setTimeout(() => onExpand(node.folder.id, true), 700);
				}
			},
			onDragOver: (event: DragEvent) => {
				if (!canDrop(target)) return;
				event.preventDefault();
				if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
				if (over !== key) setOver(key);
			},
			onDragLeave: (event: DragEvent) => {
				const into = event.relatedTarget as Node | null;
				if (into && (event.currentTarget as Node).contains(into)) return;
				window.clearTimeout(hoverTimer.current);
				setOver((current) => (current === key ? null : current));
			},
			onDrop: (event: DragEvent) => {
				event.preventDefault();
				window.clearTimeout(hoverTimer.current);
				setOver(null);
				if (canDrop(target)) onDrop(target);
			},
		};
	};

	// The rows in view, and the row with the tab stop wherever it is: drawn just outside the view
	// (in place of a row of padding), so focus stays in the tree while the pane scrolls away from it.
	const tabRow = visible.findIndex((node) => node.folder.id === tabStop);
	const drawn = visible.slice(start, end);
	let paddingAbove = start;
	let paddingBelow = visible.length - end;
	const tabNode = visible[tabRow];
	if (tabNode && tabRow < start) {
		drawn.unshift(tabNode);
		paddingAbove -= 1;
	} else if (tabNode && tabRow >= end) {
		drawn.push(tabNode);
		paddingBelow -= 1;
	}

	const itemClass = (key: string) =>
		[
			"tree-item",
			key === selectedKey && "selected",
			over === key && "drop-target",
			dragged && !canDrop(key === allKey ? null : key) && "no-drop",
		]
			.filter(Boolean)
			.join(" ");

	return (
		<div class="folder-tree" role="tree" aria-label="Folders" onKeyDown={onKeyDown} ref={treeRef}>
			<Link
				href={folderHref(null)}
				role="treeitem"
				aria-level={1}
				aria-setsize={model.roots.length + 1}
				aria-posinset={1}
				aria-selected={selectedKey === allKey}
				tabIndex={tabStop === allKey ? 0 : -1}
				class={itemClass(allKey)}
				data-tree-key={allKey}
				onFocus={() => setFocusKey(allKey)}
				draggable={false}
				{...dropHandlers(null)}
			>
				<span class="tree-toggle-space" />
				<AllChartsIcon />
				<span class="tree-name">{topLevelName}</span>
				<ItemCount count={allCount} />
			</Link>
			<div
				role="none"
				class="tree-rows"
				ref={rowsRef}
				style={{ paddingTop: `${paddingAbove * stride}px`, paddingBottom: `${paddingBelow * stride}px` }}
			>
				{drawn.map((node) => {
					const id = node.folder.id;
					const hasChildren = node.children.length > 0;
					const open = expanded.has(id);
					return (
						<Link
							key={id}
							href={folderHref(id)}
							role="treeitem"
							aria-level={node.depth + 1}
							aria-setsize={node.parent ? node.parent.children.length : model.roots.length + 1}
							aria-posinset={node.index + (node.parent ? 1 : 2)}
							aria-expanded={hasChildren ? open : undefined}
							aria-selected={selectedKey === id}
							tabIndex={tabStop === id ? 0 : -1}
							class={itemClass(id)}
							style={{ "--depth": node.depth }}
							title={node.folder.name}
							data-tree-key={id}
							onFocus={() => setFocusKey(id)}
							draggable
							onDragStart={(event: DragEvent) => {
								event.dataTransfer?.setData("text/plain", node.folder.name);
								if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
								onDragStart({ type: "folder", id, name: node.folder.name, from: node.folder.parentId });
							}}
							onDragEnd={onDragEnd}
							{...dropHandlers(id, node)}
						>
							{hasChildren ? (
								<span
									class={open ? "tree-toggle open" : "tree-toggle"}
									aria-hidden="true"
									onClick={(event) => {
										event.preventDefault();
										onExpand(id, !open);
									}}
								>
									<Icon name="chevronRight" size={14} class="tree-chevron" />
								</span>
							) : (
								<span class="tree-toggle-space" />
							)}
							<Icon name="folder" class="tree-icon" />
							<span class="tree-name">{node.folder.name}</span>
							<ItemCount count={counts ? (counts[id] ?? 0) : undefined} />
						</Link>
					);
				})}
			</div>
		</div>
	);
}
