/**
 * What a full export gate means to a client: 503 `export_busy` with `Retry-After: 5` (docs/design.md#d16). The gate itself (`src/limits`) only answers "busy"; this is the one place that turns it
 * into the API's error, for the export and publish orchestrators alike.
 */
import { ApiError } from "../api-error";
import type { ExportSlots } from "../limits/client";
import { withExportSlot } from "../limits/client";

export const exportBusyRetrySeconds = 5;

export function exportBusy(): ApiError {
	return new ApiError(
		"export_busy",
		`The renderer is busy (every export slot is rendering). Retry after ${exportBusyRetrySeconds} s.`,
		{ retryAfterSeconds: exportBusyRetrySeconds },
		{ "Retry-After": String(exportBusyRetrySeconds) },
	);
}

/** Runs `render` in an export slot, or throws `export_busy` when none is free. */
export async function renderInExportSlot<T>(slots: ExportSlots, render: () => Promise<T>): Promise<T> {
	const result = await withExportSlot(slots, render);
	if (!result.ok) throw exportBusy();
	return result.value;
}
