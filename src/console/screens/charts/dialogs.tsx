/**
 * The Charts screen's dialogs: name a folder (new, rename), pick where a chart or folder goes
 * (move), and the confirmations that say the consequence (delete a chart, delete a folder). Each
 * shows the API's own message in place when the API refuses (a 422 names the field).
 */
import type { ComponentChildren } from "preact";
import { useEffect, useId, useState } from "preact/hooks";
import { ConfirmDialog, Dialog } from "../../components/dialog";
import { Icon } from "../../components/icon";
import { api, describeFailure } from "../../lib/api";
import type { ChartListItem, Folder } from "../../lib/chart-types";
import { plural } from "../../lib/format";
import { useSubmit } from "../../lib/use-submit";
import type { FolderModel } from "./folder-model";
import { flatten, folderPath, selfAndDescendants, topLevelName } from "./folder-model";

function ErrorText({ id, message }: { id: string; message: string | null }) {
	if (!message) return null;
	return (
		<p id={id} class="error-text" role="alert">
			{message}
		</p>
	);
}

interface NameDialogProps {
	open: boolean;
	title: string;
	submitLabel: string;
	initialName: string;
	/** The new folder's place (new folder only): a picker defaulting to the folder shown. */
	parent?: { model: FolderModel; value: string | null };
	onSubmit(name: string, parentId: string | null): Promise<void>;
	onClose(): void;
}

/** Names a folder: "New folder" (with where it goes) and "Rename folder". */
export function FolderNameDialog({ open, title, submitLabel, initialName, parent, onSubmit, onClose }: NameDialogProps) {
	const [name, setName] = useState(initialName);
	const [parentId, setParentId] = useState<string | null>(parent?.value ?? null);
	const { busy, error, submit: send, setError, reset } = useSubmit({ busyAfterSuccess: true });
	const ids = { name: useId(), error: useId(), parent: useId() };

	useEffect(() => {
		if (!open) return;
		setName(initialName);
		setParentId(parent?.value ?? null);
		reset();
	}, [open]);

	const submit = async (event: Event) => {
		event.preventDefault();
		if (!name.trim()) {
			setError("Give the folder a name.");
			return;
		}
		await send(() => onSubmit(name.trim(), parentId));
	};

	return (
		<Dialog title={title} open={open} onClose={onClose}>
			<form class="dialog-form" onSubmit={submit}>
				<div class="field">
					<label for={ids.name}>Name</label>
					<input
						id={ids.name}
						class="input"
						value={name}
						maxLength={300}
						autoComplete="off"
						autoFocus
						aria-invalid={error ? "true" : undefined}
						aria-describedby={error ? ids.error : undefined}
						onInput={(event) => setName(event.currentTarget.value)}
					/>
					<ErrorText id={ids.error} message={error} />
				</div>
				{parent && (
					<div class="field">
						<label for={ids.parent}>Inside</label>
						<FolderSelect id={ids.parent} model={parent.model} value={parentId} onChange={setParentId} />
					</div>
				)}
				<div class="dialog-actions">
					<button type="button" class="button" onClick={onClose}>
						Cancel
					</button>
					<button type="submit" class="button primary" disabled={busy}>
						{busy ? "Saving…" : submitLabel}
					</button>
				</div>
			</form>
		</Dialog>
	);
}

/** A native select of "All charts" and every folder, indented by depth. */
export function FolderSelect({
	id,
	model,
	value,
	onChange,
	class: className = "select",
	topLabel = `${topLevelName} (top level)`,
}: {
	id?: string;
	model: FolderModel;
	value: string | null;
	onChange(value: string | null): void;
	class?: string;
	topLabel?: string;
}) {
	return (
		<select id={id} class={className} value={value ?? ""} onChange={(event) => onChange(event.currentTarget.value || null)}>
			<option value="">{topLabel}</option>
			{flatten(model).map((node) => (
				<option key={node.folder.id} value={node.folder.id}>
					{`${"\u2003".repeat(node.depth)}${node.folder.name}`}
				</option>
			))}
		</select>
	);
}

interface MoveDialogProps {
	open: boolean;
	/** What moves: a chart (to any folder) or a folder (not beneath itself). */
	item: { type: "chart"; chart: ChartListItem } | { type: "folder"; folder: Folder } | null;
	model: FolderModel;
	onMove(target: string | null): Promise<void>;
	onClose(): void;
}

/** Folders the Move dialog lists at once: enough to scroll through, few enough to draw at once; a typed name finds the rest. */
export const maxPlacesListed = 100;
/** Above this many folders the Move dialog offers to find one by name. */
const findFolderAbove = 12;

/** What the Move dialog says about the folders it lists, or null when it lists them all. */
export function placesStatus(query: string, matching: number, listed: number): string | null {
	if (query && matching === 0) return `No folder’s name contains “${query}”.`;
	if (listed < matching) return `Showing ${listed} of ${matching.toLocaleString("en")} folders. Type part of a name to find the rest.`;
	return null;
}

/**
 * "Move to…": a radio list of places; where the item is now is marked, places it cannot go are
 * off. With many folders, a box finds them by name (each listed with the folders above it), and
 * at most `maxPlacesListed` are drawn at once.
 */
export function MoveDialog({ open, item, model, onMove, onClose }: MoveDialogProps) {
	const current = item ? (item.type === "chart" ? item.chart.folderId : item.folder.parentId) : null;
	const [target, setTarget] = useState<string | null>(current);
	const [query, setQuery] = useState("");
	const { busy, error, submit: send, reset } = useSubmit({ busyAfterSuccess: true });
	const ids = { error: useId(), find: useId(), status: useId() };

	useEffect(() => {
		if (!open) return;
		setTarget(current);
		setQuery("");
		reset();
	}, [open, item]);

	const blocked = item?.type === "folder" ? selfAndDescendants(model, item.folder.id) : new Set<string>();
	const name = item ? (item.type === "chart" ? item.chart.name : item.folder.name) : "";
	const folders = flatten(model);
	const needle = query.trim().toLocaleLowerCase();
	const matching = needle ? folders.filter((node) => node.folder.name.toLocaleLowerCase().includes(needle)) : folders;
	const listed = matching.slice(0, maxPlacesListed);
	const status = placesStatus(query.trim(), matching.length, listed.length);
	const places: { id: string | null; label: string; depth: number; disabled: boolean; hint?: string }[] = [
		{ id: null, label: topLevelName, depth: 0, disabled: false, hint: "top level" },
		...listed.map((node) => {
			const parent = node.folder.parentId;
			return {
				id: node.folder.id,
				label: node.folder.name,
				// Found by name, a folder is listed flat, with the folders above it.
				depth: needle ? 0 : node.depth,
				disabled: blocked.has(node.folder.id),
				hint:
					item?.type === "folder" && node.folder.id === item.folder.id
						? "this folder"
						: needle && parent
							? `in ${folderPath(model, parent)}`
							: undefined,
			};
		}),
	];
	const submit = async (event: Event) => {
		event.preventDefault();
		if (target === current) return onClose();
		await send(() => onMove(target));
	};

	return (
		<Dialog title={`Move “${name}”`} open={open} onClose={onClose}>
			<form class="dialog-form" onSubmit={submit}>
				<fieldset
					class="place-picker"
					aria-describedby={[status ? ids.status : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined}
				>
					<legend class="field-label">Move to</legend>
					{folders.length > findFolderAbove && (
						<div class="search-box">
							<Icon name="search" class="search-icon" />
							<label for={ids.find} class="visually-hidden">
								Find a folder
							</label>
							<input
								id={ids.find}
								type="search"
								class="input"
								placeholder="Find a folder"
								value={query}
								autoComplete="off"
								onInput={(event) => setQuery(event.currentTarget.value)}
								onKeyDown={(event) => {
									// Escape clears the box first, then (a second press) closes the dialog.
									if (event.key === "Escape" && query) {
										event.preventDefault();
										event.stopPropagation();
										setQuery("");
									}
								}}
							/>
						</div>
					)}
					<div class="place-list">
						{places.map((place) => (
							<label
								key={place.id ?? "top"}
								class={place.disabled ? "place disabled" : "place"}
								style={{ "--depth": place.depth }}
								title={place.id ? folderPath(model, place.id) : undefined}
							>
								<input
									type="radio"
									name="move-target"
									checked={target === place.id}
									disabled={place.disabled}
									onChange={() => setTarget(place.id)}
								/>
								<Icon name="folder" class="place-icon" />
								<span class="place-name">{place.label}</span>
								{place.id === current && <span class="meta-text">(now here)</span>}
								{place.hint && place.id !== current && <span class="meta-text">({place.hint})</span>}
							</label>
						))}
					</div>
					<p id={ids.status} class="meta-text" aria-live="polite">
						{status}
					</p>
				</fieldset>
				<ErrorText id={ids.error} message={error} />
				<div class="dialog-actions">
					<button type="button" class="button" onClick={onClose}>
						Cancel
					</button>
					<button type="submit" class="button primary" disabled={busy || target === current}>
						{busy ? "Moving…" : "Move"}
					</button>
				</div>
			</form>
		</Dialog>
	);
}

/** What deleting a folder does, in the API's terms: its own charts and subfolders move up one level. */
export function folderDeletionConsequence(charts: number, folders: number, destination: string): string {
	const parts = [charts > 0 && plural(charts, "chart"), folders > 0 && plural(folders, "folder")].filter(Boolean);
	if (parts.length === 0) return "It is empty.";
	return `Its ${parts.join(" and ")} ${charts + folders === 1 ? "moves" : "move"} up to ${destination}.`;
}

interface DeleteFolderProps {
	open: boolean;
	folder: Folder | null;
	model: FolderModel;
	onDelete(): Promise<void>;
	onClose(): void;
}

export function DeleteFolderDialog({ open, folder, model, onDelete, onClose }: DeleteFolderProps) {
	const [charts, setCharts] = useState<number | null>(null);
	const [countError, setCountError] = useState<string | null>(null);
	const { busy, error, submit, reset } = useSubmit({ busyAfterSuccess: true });

	useEffect(() => {
		if (!open || !folder) return;
		setCharts(null);
		setCountError(null);
		reset();
		const controller = new AbortController();
		api.get<{ charts: ChartListItem[] }>(`/v1/charts?folderId=${encodeURIComponent(folder.id)}`, { signal: controller.signal }).then(
			({ body }) => setCharts(body.charts.length),
			(failure: unknown) => {
				if (!controller.signal.aborted) setCountError(describeFailure(failure));
			},
		);
		return () => controller.abort();
	}, [open, folder?.id]);

	const subfolders = folder ? (model.nodes.get(folder.id)?.children.length ?? 0) : 0;
	const parent = folder?.parentId ? model.byId.get(folder.parentId) : undefined;
	const destination = parent ? parent.name : topLevelName;

	let consequence: ComponentChildren;
	if (charts !== null) consequence = folderDeletionConsequence(charts, subfolders, destination);
	else if (countError) consequence = `Its charts and ${plural(subfolders, "folder")} move up to ${destination}.`;
	else
		consequence = (
			<>
				<span class="skeleton line" aria-hidden="true" />
				<span class="visually-hidden">Counting its charts…</span>
			</>
		);

	return (
		<ConfirmDialog
			title="Delete folder"
			open={open}
			confirmLabel={busy ? "Deleting…" : "Delete folder"}
			danger
			busy={busy || (charts === null && !countError)}
			onClose={onClose}
			onConfirm={() => void submit(onDelete)}
		>
			<p class="confirm-text">
				Delete folder <strong>{folder?.name}</strong>? {consequence}
			</p>
			<p class="meta-text">Nothing in it is deleted; charts in its subfolders stay in those folders.</p>
			<ErrorText id="delete-folder-error" message={error} />
		</ConfirmDialog>
	);
}

interface DeleteChartProps {
	open: boolean;
	chart: ChartListItem | null;
	onDelete(): Promise<void>;
	onClose(): void;
}

export function DeleteChartDialog({ open, chart, onDelete, onClose }: DeleteChartProps) {
	const { busy, error, submit, reset } = useSubmit({ busyAfterSuccess: true });
	useEffect(() => {
		if (open) reset();
	}, [open]);
	return (
		<ConfirmDialog
			title="Delete chart"
			open={open}
			confirmLabel={busy ? "Deleting…" : "Delete chart"}
			danger
			busy={busy}
			onClose={onClose}
			onConfirm={() => void submit(onDelete)}
		>
			<p class="confirm-text">
				Delete <strong>{chart?.name}</strong> and its version history? This cannot be undone.
			</p>
			{chart?.published && (
				<p class="banner warn">
					<span class="banner-text">
						It is published: its embeds stop working. Pages that embed it will say “This chart is not published” instead.
					</span>
				</p>
			)}
			<ErrorText id="delete-chart-error" message={error} />
		</ConfirmDialog>
	);
}
