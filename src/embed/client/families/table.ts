/** Tables: drawn as graphics (rows of text), so no chart type at all. */
import { tableOption } from "../../../render/kinds/table";
import { withSettings } from "../../../render/settings";
import type { ClientFamily } from "./family";
import { commonParts } from "./family";

export const tableFamily: ClientFamily = {
	parts: commonParts,
	builders: { table: withSettings(tableOption) },
};
