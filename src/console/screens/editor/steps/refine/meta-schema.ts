/**
 * The JSON schema of `meta` as the API publishes it (`GET /v1/schema/meta.json`, generated from
 * the zod schema the API validates with, `src/domain/meta.ts`), so the Refine form always offers
 * exactly the settings the API knows. Read from the API rather than converted in the browser:
 * zod alone would be two thirds of the console's own JavaScript budget.
 */
import { api } from "../../../../lib/api";
import type { JsonSchema } from "./schema-fields";

/**
 * Settings that have their own controls elsewhere in the editor, left out of Refine's generated
 * form: the title is the name field in the editor's top bar; the kinds' drawing variants are
 * picked with the kind in the Chart step; the theme and the per-series transforms have their
 * own controls in Refine (a theme picker, the transform pipeline).
 */
export const fieldsWithOwnControls = {
	title: "the chart's name in the editor's top bar",
	stack: "Chart step",
	area: "Chart step",
	orientation: "Chart step",
	sort: "Chart step",
	donut: "Chart step",
	halfPie: "Chart step",
	connected: "Chart step",
	basemap: "Chart step",
} as const;

export const excludedFromForm: readonly string[] = Object.keys(fieldsWithOwnControls);

let cached: JsonSchema | null = null;

/** Fetches the schema once; the Refine step waits for it before showing the form. */
export async function loadMetaJsonSchema(): Promise<JsonSchema> {
	cached ??= (await api.get<JsonSchema>("/v1/schema/meta.json")).body;
	return cached;
}

/** The schema, once `loadMetaJsonSchema` has answered. */
export function metaJsonSchema(): JsonSchema {
	if (!cached) throw new Error("the settings schema is not loaded yet");
	return cached;
}
