/**
 * The API's chart shapes as the console reads them (`GET /v1/charts`, `GET /v1/charts/{id}`,
 * `GET /v1/folders`): the types of the zod schemas the API answers with (src/api/schemas.ts),
 * imported as types only, so none of the server's code reaches the console's bundle.
 */
import type { z } from "zod";
import type { ChartList, Chart as ChartSchema, Folder as FolderSchema } from "../../api/schemas";
import type { SeriesReference as SeriesReferenceSchema } from "../../domain/series";

export type ChartListItem = z.infer<typeof ChartList>["charts"][number];

export type SeriesReference = z.infer<typeof SeriesReferenceSchema>;

/**
 * A chart. Its `meta` is read as any JSON object: the editor keeps and shows settings this
 * console's schema does not know (made through the API), and edits them by merge patch.
 */
export type Chart = Omit<z.infer<typeof ChartSchema>, "meta"> & { meta: Record<string, unknown> };

export type Folder = z.infer<typeof FolderSchema>;
