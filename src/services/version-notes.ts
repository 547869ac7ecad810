/**
 * The words a new version is stored with (issue 30 item 4): the facts `describeVersion` needs that
 * only the database knows (a workspace theme's name, the size of the data a version replaced),
 * read only when the write changes them.
 */
import { findDataShape } from "../db/charts";
import { findWorkspaceTheme } from "../db/themes";
import type { Caller } from "../domain/caller";
import type { ChartRecord, ChartSnapshot } from "../domain/chart";
import type { Dataset } from "../domain/dataset";
import { findBuiltInTheme } from "../domain/themes";
import type { DataShape, VersionNote } from "../domain/version-summary";
import { describeVersion } from "../domain/version-summary";
import type { Services } from "../request-services";

/** Column names beyond this many are not kept: a summary names at most three anyway. */
const maxShapeColumns = 100;

export function shapeOf(dataset: Dataset): DataShape {
	return {
		rows: dataset.columns[0]?.values.length ?? 0,
		columns: dataset.columns.slice(0, maxShapeColumns).map((column) => column.name),
	};
}

async function themeNames(services: Services, caller: Caller, ids: (string | undefined)[]): Promise<Map<string, string>> {
	const names = new Map<string, string>();
	for (const id of ids) {
		if (id === undefined || names.has(id)) continue;
		const builtIn = findBuiltInTheme(id);
		const name = builtIn ? builtIn.definition.name : (await findWorkspaceTheme(services.db, caller.workspaceId, id))?.name;
		names.set(id, name ?? id);
	}
	return names;
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
	caller: Caller,
	current: ChartRecord | null,
	next: ChartSnapshot,
	facts: NoteFacts,
): Promise<{ note: VersionNote; dataShape: DataShape | null }> {
	let previousShape: DataShape | null = null;
	let nextShape: DataShape | null = facts.dataShape ?? null;
	let names = new Map<string, string>();
	try {
		const dataChanged = current !== null && current.dataBlobKey !== next.dataBlobKey;
		if (current && dataChanged && current.dataBlobKey) previousShape = await findDataShape(services.d1, current.id, current.dataBlobKey);
		if (current && !nextShape && dataChanged && next.dataBlobKey)
			nextShape = await findDataShape(services.d1, current.id, next.dataBlobKey);
		if (current && current.meta.theme !== next.meta.theme)
			names = await themeNames(services, caller, [current.meta.theme, next.meta.theme]);
	} catch {
		// Described with what is known.
	}
	const note = describeVersion(current, next, {
		action: facts.action,
		authorAccountId: caller.accountId,
		restoredVersion: facts.restoredVersion,
		themeName: (id) => names.get(id) ?? id,
		previousShape,
		nextShape,
	});
	return { note, dataShape: nextShape };
}
