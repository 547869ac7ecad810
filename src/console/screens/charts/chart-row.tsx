/**
 * One chart as one dense row (docs/design.md#console-people): the kind's picture, the name (a
 * link to the editor; the whole row opens it), where it is filed, its kind, Published or Draft,
 * when it was last edited (exact time on hover and while the row has focus), and the ⋯ menu with
 * every action. The row is draggable onto a folder of the tree.
 */
import { defaultChartName } from "../../../domain/chart-name";
import { kindLabel } from "../../../domain/kind-catalog";
import { Icon } from "../../components/icon";
import type { MenuAction } from "../../components/menu";
import { Menu } from "../../components/menu";
import type { ChartListItem } from "../../lib/chart-types";
import { exactTime, timeAgo } from "../../lib/format";
import { Link } from "../../lib/router";
import { KindIcon } from "./kind-icons";

/** Where a row stands in the whole list, of which only the rows on screen are drawn. */
export interface RowPosition {
	/** 0-based. */
	index: number;
	setSize: number;
}

function positionAttributes({ index, setSize }: RowPosition) {
	const edges = `${index === 0 ? " is-first" : ""}${index === setSize - 1 ? " is-last" : ""}`;
	return { "data-index": index, "aria-posinset": index + 1, "aria-setsize": setSize, edges };
}

interface ChartRowProps {
	chart: ChartListItem;
	position: RowPosition;
	/** Where it is filed, shown when the list spans folders (all charts, search). */
	folderName: string | null;
	now: number;
	/** False for a viewer, who moves nothing. */
	draggable: boolean;
	actions: (MenuAction | "separator")[];
	dragging: boolean;
	onDragStart(): void;
	onDragEnd(): void;
}

export function chartHref(id: string): string {
	return `/charts/${encodeURIComponent(id)}`;
}

export function ChartRow({ chart, position, folderName, now, draggable, actions, dragging, onDragStart, onDragEnd }: ChartRowProps) {
	const kind = kindLabel(chart.kind);
	const exact = exactTime(chart.updatedAt);
	const { edges, ...placed } = positionAttributes(position);
	return (
		<li
			{...placed}
			class={`chart-row${edges}${dragging ? " dragging" : ""}`}
			draggable={draggable}
			onDragStart={(event) => {
				event.dataTransfer?.setData("text/plain", chart.name);
				if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
				onDragStart();
			}}
			onDragEnd={onDragEnd}
		>
			<span class="chart-thumb" aria-hidden="true">
				<KindIcon kind={chart.kind} />
			</span>
			<span class="chart-title">
				<Link href={chartHref(chart.id)} class="chart-name" draggable={false}>
					{chart.name || defaultChartName}
				</Link>
				{folderName && (
					<span class="chart-folder" title={`In ${folderName}`}>
						<Icon name="folder" size={13} class="chart-folder-icon" />
						<span class="visually-hidden">in </span>
						{folderName}
					</span>
				)}
			</span>
			<span class="chart-kind">{kind}</span>
			<span class={chart.published ? "chart-state published" : "chart-state"}>
				<span class="state-dot" aria-hidden="true" />
				{chart.published ? "Published" : "Draft"}
			</span>
			<time class="chart-edited" dateTime={chart.updatedAt} title={`Edited ${exact}`}>
				<span class="relative">edited {timeAgo(chart.updatedAt, now)}</span>
				<span class="exact" aria-hidden="true">
					{exact}
				</span>
			</time>
			<span class="chart-actions">
				<Menu label={`Actions for ${chart.name}`} button={<Icon name="more" />} actions={actions} />
			</span>
		</li>
	);
}

/** A row whose chart is not loaded yet: the list's shape, and its place in the list for a screen reader. */
export function PendingRow({ position }: { position: RowPosition }) {
	const { edges, ...placed } = positionAttributes(position);
	return (
		<li {...placed} class={`chart-row skeleton-row${edges}`}>
			<span class="chart-thumb skeleton" aria-hidden="true" />
			<span class="chart-title">
				<span class="visually-hidden">Loading…</span>
				<span class="skeleton line" aria-hidden="true" style={{ width: "45%" }} />
			</span>
			<span class="chart-kind" />
			<span class="chart-state" />
			<span class="chart-edited" />
			<span class="chart-actions" />
		</li>
	);
}

/** Placeholder rows of the list's shape while it loads (no blank screen, no jump). */
export function SkeletonRows({ count = 6 }: { count?: number }) {
	return (
		<ul class="chart-list" aria-hidden="true">
			{Array.from({ length: count }, (_, i) => (
				<li key={i} class="chart-row skeleton-row">
					<span class="chart-thumb skeleton" />
					<span class="chart-title">
						<span class="skeleton line" style={{ width: `${[52, 38, 64, 45, 58, 33][i % 6]}%` }} />
					</span>
					<span class="chart-kind">
						<span class="skeleton line short" />
					</span>
					<span class="chart-state">
						<span class="skeleton line short" />
					</span>
					<span class="chart-edited">
						<span class="skeleton line short" />
					</span>
					<span class="chart-actions" />
				</li>
			))}
		</ul>
	);
}
