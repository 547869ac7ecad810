/**
 * What the editor's preview draws of a chart's table: the projection its column roles make
 * (`meta.columns`, or the roles chosen from the columns' types), worked out in the page with
 * the server's own functions, so a role changed and not yet saved is drawn at once. When the
 * table cannot be read with the roles shown (a column no longer there, a role the kind has
 * not), the preview keeps what the server last said it draws.
 *
 * Part of the chart engine's chunk (engine.ts), loaded lazily: the domain's role functions
 * bring zod with them (through dataset.ts), which the console's own JavaScript leaves out.
 */
import type { ColumnRoles } from "../../domain/column-roles";
import { readTable } from "../../domain/column-roles-auto";
import type { DayMonthOrder } from "../../domain/csv-cells";
import type { Dataset } from "../../domain/dataset";
import type { ChartKind } from "../../domain/kinds";
import type { ReadingSettings } from "./reading-settings";
import { dateOrderOf, givenRoles } from "./reading-settings";

export { columnsOf, kindRoleForms, rolesOf } from "../../domain/column-roles";

export interface DrawnTable {
	/** The table drawn, in the kind's layout; the stored one when the roles keep it as it is. */
	dataset: Dataset;
	seriesNames: readonly string[];
}

/** What the server last answered it draws for the saved chart: the fallback. */
export interface ServerDrawing {
	drawn: Dataset | null;
	seriesNames: readonly string[];
}

export function drawnTableOf(kind: ChartKind, stored: Dataset, meta: ReadingSettings, server: ServerDrawing): DrawnTable {
	try {
		const read = readTable(kind, stored, { columns: givenRoles(meta), dateOrder: dateOrderOf(meta) });
		return { dataset: read.drawn, seriesNames: read.seriesNames };
	} catch {
		return { dataset: server.drawn ?? stored, seriesNames: server.seriesNames };
	}
}

/** The roles chosen from the columns' types, or null when they cannot be told without asking. */
export function automaticRoles(kind: ChartKind, stored: Dataset, dateOrder: DayMonthOrder | undefined): ColumnRoles | null {
	try {
		return readTable(kind, stored, { dateOrder }).roles;
	} catch {
		return null;
	}
}
export { suggestedKinds } from "./table-kinds";
