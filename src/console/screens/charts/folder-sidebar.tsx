/**
 * The Charts screen's folder pane: the tree (a drop target while something is dragged), or its
 * loading lines, or the API's refusal with "Try again".
 */
import type { Folder } from "../../lib/chart-types";
import type { FolderModel } from "./folder-model";
import type { Dragged } from "./folder-tree";
import { FolderTree } from "./folder-tree";

interface SidebarProps {
	folders: Folder[] | null;
	error: string | null;
	model: FolderModel;
	expanded: Set<string>;
	selected: string | null;
	dragged: Dragged | null;
	onRetry(): void;
	onExpand(id: string, open: boolean): void;
	canDrop(target: string | null): boolean;
	onDrop(target: string | null): void;
	onDrag(item: Dragged | null): void;
	counts: Record<string, number> | null;
}

export function FolderSidebar({
	folders,
	error,
	model,
	expanded,
	selected,
	dragged,
	onRetry,
	onExpand,
	canDrop,
	onDrop,
	onDrag,
	counts,
}: SidebarProps) {
	return (
		<aside class="charts-sidebar" aria-label="Folders">
			<div class="sidebar-head">
				<span class="section-label">Folders</span>
			</div>
			{error ? (
				<div class="banner error" role="alert">
					<span class="banner-text">Folders could not be loaded: {error}</span>
					<button type="button" class="button" onClick={onRetry}>
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
					onExpand={onExpand}
					selected={selected}
					dragged={dragged}
					canDrop={canDrop}
					onDrop={onDrop}
					onDragStart={onDrag}
					onDragEnd={() => onDrag(null)}
					counts={counts}
				/>
			)}
			{dragged && <p class="drag-hint meta-text">Drop on a folder to move “{dragged.name}”.</p>}
		</aside>
	);
}
