/**
 * The Charts screen's heading: the folder picker (narrow screens, where the tree is hidden), the
 * path to the folder shown, its name with its menu, and how many charts it holds.
 */
import { Icon } from "../../components/icon";
import type { MenuAction } from "../../components/menu";
import { Menu } from "../../components/menu";
import type { Folder } from "../../lib/chart-types";
import { Link, navigate } from "../../lib/router";
import { FolderSelect } from "./dialogs";
import type { FolderModel } from "./folder-model";
import { ancestorsOf, topLevelName } from "./folder-model";
import { folderHref } from "./folder-tree";

interface HeadProps {
	model: FolderModel;
	folder: Folder | undefined;
	heading: string;
	count: string | null;
	actions(folder: Folder): (MenuAction | "separator")[];
}

export function ChartsHead({ model, folder, heading, count, actions }: HeadProps) {
	const ancestors = folder ? ancestorsOf(model, folder.id) : [];
	return (
		<>
			<div class="folder-picker">
				<label for="folder-picker">Folder</label>
				<FolderSelect
					id="folder-picker"
					class="select"
					model={model}
					value={folder ? folder.id : null}
					topLabel={topLevelName}
					onChange={(id) => navigate(folderHref(id))}
				/>
				{folder && actions(folder).length > 0 && (
					<Menu label={`Folder actions for ${folder.name}`} button={<Icon name="more" />} actions={actions(folder)} />
				)}
			</div>

			<div class="charts-head">
				<div class="charts-title">
					{ancestors.length > 0 && (
						<nav class="crumbs meta-text" aria-label="Folder path">
							<Link href="/">{topLevelName}</Link>
							{ancestors.map((ancestor) => (
								<span key={ancestor.id}>
									<span aria-hidden="true"> / </span>
									<Link href={folderHref(ancestor.id)}>{ancestor.name}</Link>
								</span>
							))}
						</nav>
					)}
					<div class="title-line">
						<h1 id="charts-heading">{heading}</h1>
						{folder && actions(folder).length > 0 && (
							<Menu label={`Folder actions for ${folder.name}`} button={<Icon name="more" />} actions={actions(folder)} align="start" />
						)}
						{count && <span class="meta-text chart-count">{count}</span>}
					</div>
				</div>
			</div>
		</>
	);
}
