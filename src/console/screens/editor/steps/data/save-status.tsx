/**
 * What the data table's save is doing, under the grid: a quiet line while it saves and once it
 * has, and a banner when it cannot (someone else changed the chart, the API refused the table,
 * or the request failed) with the way out each case has. The saving itself: use-table-save.ts.
 */
import { Icon } from "../../../../components/icon";
import type { TableSave } from "./use-table-save";

/** The words of the save status under the grid. */
export function SaveLine({ save }: { save: TableSave }) {
	const { status } = save;
	switch (status.state) {
		case "saved":
			return (
				<span class="meta-text">
					<Icon name="check" size={14} /> Saved as the chart's data
				</span>
			);
		case "waiting":
		case "saving":
			return <span class="meta-text">Saving your edits…</span>;
		case "conflict":
		case "refused":
		case "held":
		case "invalid":
		case "failed":
			// Said by SaveProblems' banner instead, with what to do about it.
			return null;
	}
}

/** A save that did not happen, and what the person can do: keep theirs, take the other, fix, retry. */
export function SaveProblems({ save }: { save: TableSave }) {
	const { status } = save;
	if (status.state === "conflict")
		return (
			<div class="banner warn" role="alert">
				<Icon name="alert" />
				<div class="banner-text">
					<p>
						<strong>Someone else changed this chart</strong> since you opened it, so your table was not saved. Your edits are still here.
					</p>
					<div class="row-actions">
						<button type="button" class="button" onClick={save.keepMine}>
							Save my table over theirs
						</button>
						<button type="button" class="button quiet" onClick={save.takeTheirs}>
							Use their data
						</button>
					</div>
				</div>
			</div>
		);
	if (status.state === "held") {
		const [first] = status.cells;
		const more = status.cells.length - 1;
		return (
			<div class="banner error" role="alert">
				<Icon name="alert" />
				<div class="banner-text">
					<p>
						<strong>Not saved: {status.cells.length === 1 ? "one cell" : `${status.cells.length} cells`}.</strong> {first?.message}
						{more > 0 ? ` (and ${more === 1 ? "one more marked cell" : `${more} more marked cells`})` : ""}
					</p>
					<p>
						Your other edits are saved. Until you fix the marked {status.cells.length === 1 ? "cell" : "cells"}, the chart keeps{" "}
						{status.cells.length === 1 ? "its" : "their"} last saved {status.cells.length === 1 ? "value" : "values"}.
					</p>
				</div>
			</div>
		);
	}
	if (status.state === "refused" || status.state === "invalid" || status.state === "failed")
		return (
			<div class="banner error" role="alert">
				<Icon name="alert" />
				<div class="banner-text">
					<p>
						<strong>Not saved{status.state === "refused" && status.at ? `: row ${status.at.row + 2}` : ""}.</strong> {status.message}
						{status.state === "refused" ? " Fix the marked cell, or undo the last edit; the table is saved once the chart can use it." : ""}
					</p>
					{status.state === "failed" && (
						<div class="row-actions">
							<button type="button" class="button" onClick={save.flush}>
								Try again
							</button>
						</div>
					)}
				</div>
			</div>
		);
	return null;
}
