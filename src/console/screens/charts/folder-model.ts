/**
 * The workspace's folders (`GET /v1/folders`, a flat list with `parentId`) as a tree: children
 * sorted by name, the path to a folder, what lies beneath one (a folder cannot move there), and
 * the flat, indented order the tree, the narrow-screen picker and the move dialog show.
 */
import type { Folder } from "../../lib/chart-types";

export interface FolderNode {
	folder: Folder;
	depth: number;
	children: FolderNode[];
	/** The folder it is in as the tree draws it; null at the top level. */
	parent: FolderNode | null;
	/** Where it stands among its siblings (0-based, in name order). */
	index: number;
}

export interface FolderModel {
	byId: Map<string, Folder>;
	roots: FolderNode[];
	nodes: Map<string, FolderNode>;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export function buildFolderModel(folders: Folder[]): FolderModel {
	const byId = new Map(folders.map((folder) => [folder.id, folder]));
	const nodes = new Map<string, FolderNode>(
		folders.map((folder) => [folder.id, { folder, depth: 0, children: [], parent: null, index: 0 }]),
	);
	const roots: FolderNode[] = [];
	for (const node of nodes.values()) {
		const parent = node.folder.parentId ? nodes.get(node.folder.parentId) : undefined;
		(parent ? parent.children : roots).push(node);
	}
	const order = (list: FolderNode[], depth: number, parent: FolderNode | null) => {
		list.sort((a, b) => collator.compare(a.folder.name, b.folder.name));
		list.forEach((node, index) => {
			node.depth = depth;
			node.parent = parent;
			node.index = index;
			order(node.children, depth + 1, node);
		});
	};
	order(roots, 0, null);
	return { byId, roots, nodes };
}

/** Every folder in tree order (depth first), optionally only under expanded folders. */
export function flatten(model: FolderModel, expanded?: Set<string>): FolderNode[] {
	const out: FolderNode[] = [];
	const walk = (list: FolderNode[]) => {
		for (const node of list) {
			out.push(node);
			if (!expanded || expanded.has(node.folder.id)) walk(node.children);
		}
	};
	walk(model.roots);
	return out;
}

/** The folder's ancestors, outermost first (not the folder itself). */
export function ancestorsOf(model: FolderModel, id: string): Folder[] {
	const out: Folder[] = [];
	const seen = new Set<string>([id]);
	let parentId = model.byId.get(id)?.parentId ?? null;
	while (parentId && !seen.has(parentId)) {
		const parent = model.byId.get(parentId);
		if (!parent) break;
		out.unshift(parent);
		seen.add(parentId);
		parentId = parent.parentId;
	}
	return out;
}

/** The folder and every folder beneath it: where it cannot be moved. */
export function selfAndDescendants(model: FolderModel, id: string): Set<string> {
	const out = new Set<string>([id]);
	const walk = (node: FolderNode | undefined) => {
		for (const child of node?.children ?? []) {
			out.add(child.folder.id);
			walk(child);
		}
	};
	walk(model.nodes.get(id));
	return out;
}

/** "Elections / 2026" */
export function folderPath(model: FolderModel, id: string): string {
	const folder = model.byId.get(id);
	if (!folder) return "";
	return [...ancestorsOf(model, id), folder].map((f) => f.name).join(" / ");
}

/** The name people see for the top level (no folder). */
export const topLevelName = "All charts";

/** The tree cut down to these folders and the folders above them: a search's tree shows where its matches are. */
export function narrowTo(model: FolderModel, holding: Iterable<string>): FolderModel {
	const keep = new Set<string>();
	for (const id of holding) {
		if (!model.byId.has(id) || keep.has(id)) continue;
		keep.add(id);
		for (const ancestor of ancestorsOf(model, id)) keep.add(ancestor.id);
	}
	return buildFolderModel([...model.byId.values()].filter((folder) => keep.has(folder.id)));
}
