/**
 * The Charts screen's toolbar: search (debounced by the screen; Escape clears it; `/` focuses it),
 * the sort (remembered in this browser), "New folder" and "New chart".
 */
import type { Ref } from "preact";
import { Icon } from "../../components/icon";

export type Sort = "updated" | "name";

const sortKey = "console.charts.sort";

/** The sort last chosen in this browser; "updated" when none was, or storage is closed. */
export function readSort(): Sort {
	try {
		return localStorage.getItem(sortKey) === "name" ? "name" : "updated";
	} catch {
		return "updated";
	}
}

function rememberSort(sort: Sort): void {
	try {
		localStorage.setItem(sortKey, sort);
	} catch {
		// Private windows: the choice lasts for this visit.
	}
}

interface ToolbarProps {
	searchRef: Ref<HTMLInputElement>;
	searchText: string;
	/** The folder searched in, named in the field's placeholder; null for all charts. */
	folderName: string | null;
	sort: Sort;
	creating: boolean;
	/** False for a viewer: no New folder, no New chart. */
	editable: boolean;
	onSearchText(text: string): void;
	onSort(sort: Sort): void;
	onNewFolder(): void;
	onNewChart(): void;
}

export function ChartsToolbar({
	searchRef,
	searchText,
	folderName,
	sort,
	creating,
	editable,
	onSearchText,
	onSort,
	onNewFolder,
	onNewChart,
}: ToolbarProps) {
	return (
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
					placeholder={folderName ? `Search in ${folderName}` : "Search charts"}
					value={searchText}
					autoComplete="off"
					aria-keyshortcuts="/"
					onInput={(event) => onSearchText(event.currentTarget.value)}
					onKeyDown={(event) => {
						if (event.key === "Escape" && searchText) {
							event.preventDefault();
							onSearchText("");
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
							onSort(next);
							rememberSort(next);
						}}
					>
						<option value="updated">Updated</option>
						<option value="name">Name</option>
					</select>
				</label>
				{editable && (
					<>
						<button type="button" class="button" onClick={onNewFolder}>
							<Icon name="folder" /> New folder
						</button>
						<button
							type="button"
							class="button primary"
							onClick={onNewChart}
							disabled={creating}
							aria-keyshortcuts="n"
							title="New chart (N)"
						>
							<Icon name="plus" /> {creating ? "Creating…" : "New chart"}
						</button>
					</>
				)}
			</div>
		</div>
	);
}
