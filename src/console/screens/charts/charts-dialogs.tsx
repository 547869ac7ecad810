/**
 * The Charts screen's dialogs, one open at a time (`DialogState`), and what each does once
 * confirmed: make, rename, move and delete a folder; move and delete a chart. A refusal is thrown
 * back to the dialog, which shows the API's message in place and stays open.
 */
import { api } from "../../lib/api";
import type { ChartListItem, Folder } from "../../lib/chart-types";
import { navigate } from "../../lib/router";
import type { Notice } from "./action-banners";
import { DeleteChartDialog, DeleteFolderDialog, FolderNameDialog, MoveDialog } from "./dialogs";
import type { FolderModel } from "./folder-model";
import { folderHref } from "./folder-tree";

export type DialogState =
	| { type: "new-folder" }
	| { type: "rename-folder"; folder: Folder }
	| { type: "move-folder"; folder: Folder }
	| { type: "delete-folder"; folder: Folder }
	| { type: "move-chart"; chart: ChartListItem }
	| { type: "delete-chart"; chart: ChartListItem };

/** A chart or folder being moved, and where it was (for Undo). */
export interface Moving {
	id: string;
	name: string;
	from: string | null;
}

interface DialogsProps {
	dialog: DialogState | null;
	model: FolderModel;
	/** The folder shown (`?folder=`), the new folder's default place; null for all charts. */
	shown: string | null;
	onClose(): void;
	loadFolders(): Promise<void>;
	reloadCharts(): void;
	expand(id: string, open: boolean): void;
	placeName(id: string | null): string;
	done(text: string, extra?: Omit<Notice, "text">): void;
	moveChart(chart: Moving, target: string | null): Promise<void>;
	moveFolder(folder: Moving, target: string | null): Promise<void>;
}

export function ChartsDialogs(props: DialogsProps) {
	const { dialog, model, shown, onClose, loadFolders, reloadCharts, expand, placeName, done } = props;
	return (
		<>
			<FolderNameDialog
				open={dialog?.type === "new-folder"}
				title="New folder"
				submitLabel="Create folder"
				initialName=""
				parent={{ model, value: shown }}
				onClose={onClose}
				onSubmit={async (name, parentId) => {
					const { body } = await api.post<Folder>("/v1/folders", { name, parentId });
					await loadFolders();
					if (parentId) expand(parentId, true);
					onClose();
					done(`Made folder “${body.name}” in ${placeName(parentId)}.`, { link: { href: folderHref(body.id), label: "Show it" } });
				}}
			/>
			<FolderNameDialog
				open={dialog?.type === "rename-folder"}
				title="Rename folder"
				submitLabel="Rename"
				initialName={dialog?.type === "rename-folder" ? dialog.folder.name : ""}
				onClose={onClose}
				onSubmit={async (name) => {
					if (dialog?.type !== "rename-folder") return;
					await api.patch(`/v1/folders/${encodeURIComponent(dialog.folder.id)}`, { name });
					await loadFolders();
					onClose();
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
				onClose={onClose}
				onMove={async (target) => {
					if (dialog?.type === "move-chart") {
						await props.moveChart({ id: dialog.chart.id, name: dialog.chart.name, from: dialog.chart.folderId }, target);
					} else if (dialog?.type === "move-folder") {
						await props.moveFolder({ id: dialog.folder.id, name: dialog.folder.name, from: dialog.folder.parentId }, target);
					}
					onClose();
				}}
			/>
			<DeleteFolderDialog
				open={dialog?.type === "delete-folder"}
				folder={dialog?.type === "delete-folder" ? dialog.folder : null}
				model={model}
				onClose={onClose}
				onDelete={async () => {
					if (dialog?.type !== "delete-folder") return;
					const { folder } = dialog;
					await api.delete(`/v1/folders/${encodeURIComponent(folder.id)}`);
					onClose();
					// What was in it is now in its parent: show that when the deleted folder was shown.
					if (shown === folder.id) navigate(folderHref(folder.parentId), { replace: true });
					await loadFolders();
					reloadCharts();
					done(`Deleted folder “${folder.name}”. What was in it is now in ${placeName(folder.parentId)}.`);
				}}
			/>
			<DeleteChartDialog
				open={dialog?.type === "delete-chart"}
				chart={dialog?.type === "delete-chart" ? dialog.chart : null}
				onClose={onClose}
				onDelete={async () => {
					if (dialog?.type !== "delete-chart") return;
					const { chart } = dialog;
					await api.delete(`/v1/charts/${encodeURIComponent(chart.id)}`);
					onClose();
					reloadCharts();
					done(`Deleted “${chart.name}”.`);
				}}
			/>
		</>
	);
}
