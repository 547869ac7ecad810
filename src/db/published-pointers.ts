/**
 * What the embed host reads from D1 when a chart has no published pointer in R2 yet (a chart
 * published before pointers existed, or whose pointer write failed): its versions and the
 * uploaded fonts its published version draws with, in one round trip. Raw D1, no drizzle: the
 * embed host loads this only on that rare first view.
 */

export interface PointerChartRow {
	version: number;
	published: number | null;
}

export interface PointerFontRow {
	id: string;
	format: "ttf" | "otf";
	r2Key: string;
}

/** The chart's row (null: no such chart) and its published version's fonts. */
export async function selectPointerRows(
	d1: D1Database,
	chartId: string,
): Promise<{ chart: PointerChartRow | null; fonts: PointerFontRow[] }> {
	const [charts, fonts] = await d1.batch<PointerChartRow | PointerFontRow>([
		d1.prepare("SELECT version, published_version AS published FROM charts WHERE id = ?").bind(chartId),
		d1
			.prepare(
				`SELECT f.id AS id, f.format AS format, f.r2_key AS r2Key FROM published_fonts p
				 JOIN charts c ON c.id = p.chart_id AND c.published_version = p.version
				 JOIN fonts f ON f.id = p.font_id AND f.workspace_id = c.workspace_id
				 WHERE p.chart_id = ?`,
			)
			.bind(chartId),
	]);
	return {
		chart: (charts?.results[0] as PointerChartRow | undefined) ?? null,
		fonts: (fonts?.results ?? []) as PointerFontRow[],
	};
}
