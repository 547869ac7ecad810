/**
 * Publishing (docs/contract.md#section-3, §4.1, docs/design.md#d17): `POST /v1/charts/{id}/publish` renders the chart into
 * an immutable snapshot and points the chart's stable embed URL at it; publishing again updates
 * it in place. `DELETE /v1/charts/{id}/publish` takes the embed down. Both are chart versions.
 * The work is `src/services/publish.ts`; here are the routes and the snippets publish answers.
 */
import { z } from "zod";
import type { ChartRecord } from "../domain/chart";
import { embedUrl } from "../domain/chart";
import { embedSize, iframeSnippet, loaderSnippet } from "../domain/embed-snippet";
import { hashedClientPath } from "../embed/clients";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { publishChart, unpublishChart } from "../services/publish";
import { chartWriteResponse, expectedVersionOf } from "./chart-resource";
import { ChartOrReceipt } from "./schemas";

/** What publish answers: the URL, the aspect-ratio iframe (docs/contract.md#section-4-1), the loader, and both together. */
async function publishedSnippets(chart: ChartRecord, embedBase: string) {
	const url = embedUrl(embedBase, chart.id);
	const iframe = iframeSnippet(embedSize(chart.meta), chart.name, url);
	// The loader under its content-hashed path (cached for good), read from the built client.
	const script = loaderSnippet(`${embedBase}${hashedClientPath("embed")}`);
	return { embedUrl: url, iframe, script, responsiveIframe: `${iframe}${script}` };
}

export const publishRoute = defineRoute({
	method: "POST",
	path: "/v1/charts/:id/publish",
	tag: "Publishing",
	summary: "Publish a chart as a live embed",
	description:
		"Renders the chart and points its stable embed URL at the new snapshot; publishing again updates every embedding page in place. Takes an export slot while rendering. Honours `If-Match`.",
	access: "chart:write",
	idempotent: true,
	body: { type: "none" },
	responses: {
		200: {
			description: "The embed URL and the snippets to paste",
			schema: z
				.object({
					embedUrl: z.string(),
					iframe: z.string().meta({ description: "A responsive iframe kept at the chart's aspect ratio" }),
					script: z.string().meta({
						description:
							"The loader (at most 1 KB, cached for good): once on a host page, it sizes every iframe of ours to its chart's content",
					}),
					responsiveIframe: z.string().meta({ description: "`iframe` followed by `script`: one paste for a frame as tall as its content" }),
				})
				.meta({ id: "Published" }),
		},
	},
	errors: ["not_found", "invalid_data", "precondition_failed", "conflict", "export_busy"],
	async handler({ services, caller, params, request, now }) {
		const chart = await publishChart(services, caller, params.id as string, expectedVersionOf(request), now);
		return json(await publishedSnippets(chart, services.config.embedBase));
	},
});

export const unpublishRoute = defineRoute({
	method: "DELETE",
	path: "/v1/charts/:id/publish",
	tag: "Publishing",
	summary: "Take a chart's embed down",
	description:
		"The embed URL answers 404 from now on and `published` becomes null. Answers the full chart; a key without `chart:read` gets only `{ id, version, updatedAt }`. Honours `If-Match`.",
	access: "chart:write",
	body: { type: "none" },
	responses: {
		200: { description: "The chart, unpublished, or `{ id, version, updatedAt }` for a key without `chart:read`", schema: ChartOrReceipt },
	},
	errors: ["not_found", "precondition_failed", "conflict"],
	async handler({ services, caller, params, request, now }) {
		const chart = await unpublishChart(services, caller, params.id as string, expectedVersionOf(request), now);
		return chartWriteResponse(chart, services, caller);
	},
});

export const publishRoutes = [publishRoute, unpublishRoute];
