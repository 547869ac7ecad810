/**
 * The folders inside the folder shown, above its charts: a folder's view lists only the charts
 * filed directly in it, so without this a folder holding only folders (Elections › 2026) looked
 * empty. Each is a link to that folder's view, as in the tree.
 */
import { Icon } from "../../components/icon";
import { Link } from "../../lib/router";
import type { FolderNode } from "./folder-model";
import { folderHref } from "./folder-tree";

export function SubfolderList({ parentName, children }: { parentName: string; children: readonly FolderNode[] }) {
	if (children.length === 0) return null;
	return (
		<nav class="subfolders" aria-label={`Folders in ${parentName}`}>
			<ul class="subfolder-list">
				{children.map((node) => (
					<li key={node.folder.id}>
						<Link class="subfolder-link" href={folderHref(node.folder.id)}>
							<Icon name="folder" size={18} />
							<span class="subfolder-name">{node.folder.name}</span>
							{node.children.length > 0 && (
								<span class="meta-text">{node.children.length === 1 ? "1 folder" : `${node.children.length} folders`} inside</span>
							)}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	);
}
