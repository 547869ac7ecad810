/**
 * @charts-service/client: the Charts API from TypeScript, on nothing but `fetch` (Node 20,
 * browsers, Deno, Workers).
 *
 *   import { ChartsClient, NotFound } from "@charts-service/client";
 *   const client = new ChartsClient({ baseUrl: "https://charts.example.org", apiKey: "cs_…" });
 *   const chart = await client.charts.create({ kind: "horizontal-bar", data: "party,seats\nA,1\n" });
 *   await client.charts.create({ kind: "line", rows, columns: { x: "year", y: "lifeExp", series: "country" } });
 */
export * from "./client.js";
export type { Cell, Rows } from "./csv.js";
export { toCsv } from "./csv.js";
export * from "./errors.js";
export type * as Api from "./generated/openapi.js";
export type { ClientOptions, RetryPolicy } from "./http.js";
export { type ColumnRoles, everyRole, kindRoles } from "./roles.js";
