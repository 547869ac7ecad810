/**
 * The words a new version is stored with: the facts `describeVersion` needs that
 * only the database knows (a workspace theme's name, the size of the data a version replaced, the
 * cells an edit of the table changed), read only when the write changes them.
 */
import { findDataShape } from "../db/charts";
import { findWorkspaceTheme } from "../db/themes";
import type { Actor } from "../domain/caller";
import type { CellEdits } from "../domain/cell-edits";
import { cellEdits } from "../domain/cell-edits";
import type { ChartRecord, ChartSnapshot } from "../domain/chart";
import type { Dataset } from "../domain/dataset";
import { findBuiltInTheme } from "../domain/themes";
import type { DataShape, VersionNote } from "../domain/version-summary";
import { describeVersion } from "../domain/version-summary";
import type { Services } from "../request-services";
import { datasetOf } from "./chart-data";

/** Column names beyond this many are not kept: a summary names at most three anyway. */
const maxShapeColumns = 100;

export function shapeOf(dataset: Dataset): DataShape {
	return {
		rows: dataset.columns[0]?.values.length ?? 0,
		columns: dataset.columns.slice(0, maxShapeColumns).map((column) => column.name),
	};
}

async function themeNames(services: Services, actor: Actor, ids: (string | undefined)[]): Promise<Map<string, string>> {
	const names = new Map<string, string>();
	for (const id of ids) {
		if (id === undefined || names.has(id)) continue;
		const builtIn = findBuiltInTheme(id);
		const name = builtIn ? builtIn.definition.name : (await findWorkspaceTheme(services.db, actor.workspaceId, id))?.name;
		names.set(id, name ?? id);
	}
	return names;
}

/** Tables compared cell by cell for a summary at most this big: both are read back from R2 on each such write. */
const maxComparedCells = 50_000;

function sameShape(a: DataShape | null, b: DataShape | null): boolean {
	return a !== null && b !== null && a.rows === b.rows && a.columns.join("\n") === b.columns.join("\n");
}

/** The cells a write of own data changed, when it kept the table's shape (a console table edit). */
async function editedCells(services: Services, previousKey: string, nextKey: string): Promise<CellEdits | null> {
	const own = (dataBlobKey: string) => ({ seriesRefs: [], hasData: true, dataBlobKey });
	const [before, after] = await Promise.all([datasetOf(services, own(previousKey)), datasetOf(services, own(nextKey))]);
	return before && after ? cellEdits(before, after) : null;
}

export interface NoteFacts {
	action: string;
	restoredVersion?: number;
	/** The shape of the dataset the write sets, when it parsed one. */
	dataShape?: DataShape;
}

/**
 * The note and data shape to store with the version after `current` (null: a new chart). Never
 * throws: a lookup that fails leaves the summary less precise, never the write undone.
 */
export async function noteForWrite(
	services: Services,
	actor: Actor,
	current: ChartRecord | null,
	next: ChartSnapshot,
	facts: NoteFacts,
): Promise<{ note: VersionNote; dataShape: DataShape | null }> {
	let previousShape: DataShape | null = null;
	let nextShape: DataShape | null = facts.dataShape ?? null;
	let names = new Map<string, string>();
	let edits: CellEdits | null = null;
	try {
		const dataChanged = current !== null && current.dataBlobKey !== next.dataBlobKey;
		if (current && dataChanged && current.dataBlobKey) previousShape = await findDataShape(services.d1, current.id, current.dataBlobKey);
		if (current && !nextShape && dataChanged && next.dataBlobKey)
			nextShape = await findDataShape(services.d1, current.id, next.dataBlobKey);
		if (
			current?.dataBlobKey &&
			next.dataBlobKey &&
			dataChanged &&
			next.seriesRefs.length === 0 &&
			sameShape(previousShape, nextShape) &&
			(nextShape?.rows ?? 0) * (nextShape?.columns.length ?? 0) <= maxComparedCells
		)
			edits = await editedCells(services, current.dataBlobKey, next.dataBlobKey);
		if (current && current.meta.theme !== next.meta.theme) names = await themeNames(services, actor, [current.meta.theme, next.meta.theme]);
	} catch {
		// Described with what is known.
	}
	const note = describeVersion(current, next, {
		action: facts.action,
		authorAccountId: actor.accountId,
		restoredVersion: facts.restoredVersion,
		themeName: (id) => names.get(id) ?? id,
		previousShape,
		nextShape,
		cellEdits: edits,
	});
	return { note, dataShape: nextShape };
}
