/**
 * Which page client draws each kind: one per kind family (`client/families/`), so a reader
 * downloads only the ECharts code of the chart in front of them. The family is each kind's entry
 * in `src/domain/kind-catalog.ts`; this file only names them for the embed host. Kept apart from
 * `clients.ts`, which carries the bundles themselves.
 */
import type { FamilyClient } from "../domain/kind-catalog";
import { familyClients, kindCatalog } from "../domain/kind-catalog";
import type { ChartKind } from "../domain/kinds";

export type { FamilyClient };
export { familyClients };

/** Which family's client draws each kind (the families are `src/embed/client/families/`). */
export const kindClients = Object.fromEntries(Object.entries(kindCatalog).map(([kind, entry]) => [kind, entry.family])) as Record<
	ChartKind,
	FamilyClient
>;
