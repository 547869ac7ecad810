/**
 * The full chart (spec §2.1) with its ETag: what every chart read and write answers.
 */

import type { ChartRecord } from "../domain/chart";
import { chartResource } from "../domain/chart";
import { json, versionEtag } from "../http/respond";
import type { Services } from "../services/context";

export function chartResponse(chart: ChartRecord, services: Services, status = 200): Response {
	return json(chartResource(chart, services.config.embedBase), status, { ETag: versionEtag(chart.version) });
}
