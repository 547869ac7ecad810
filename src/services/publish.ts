/**
 * Publishing a chart (docs/contract.md#section-3, §4.1, docs/design.md#d17), in one place: read the chart → key its snapshot
 * → take the snapshot from the cache or draw it (in an export slot) and cache it → then store it
 * as the next version's files and point the chart at them with a conditional write.
 *
 * The drawing is done before the conditional write, not inside its retry loop: a write that
 * loses a race re-reads the chart and keys it again, and draws again only when the snapshot's
 * content key changed. A published version must show the chart exactly as that version stands,
 * and the content key covers everything the files hold (data, settings, name, theme, fonts,
 * renderer, embed host, client), so files drawn for an earlier version with the same key are
 * the files the new one would draw: the version number, the folder or the history are not in them.
 * A chart that changes its content under every drawing is drawn at most `maxDraws` times.
 */
import { ApiError } from "../api-error";
import type { ChartAction } from "../db/charts";
import { snapshotOf } from "../db/charts";
import type { StoredFont } from "../db/fonts";
import { recordPublishedFonts } from "../db/fonts";
import { publishedKeyOf, recordPublishedKey } from "../db/linked-data";
import type { Actor } from "../domain/caller";
import type { ChartRecord } from "../domain/chart";
import type { PublishedFont } from "../embed/published-pointer";
import { writePointer } from "../embed/published-pointer";
import { fontIdsNamedBy } from "../embed/serve-fonts";
import type { SnapshotFiles } from "../embed/snapshot-files";
import type { Services } from "../request-services";
import type { ExpectedVersion } from "./chart-writes";
import { assertExpectedVersion, chartWriteRetry, commitChartWrite, loadChart, writeChart } from "./chart-writes";
import { exportDataset } from "./export-datasets";
import { exportMaterials } from "./export-key";
import { resolveDrawingOptions } from "./export-options";
import { renderInExportSlot } from "./export-slot";
import { renderInput } from "./render-input";
import { retryConditionalWrite } from "./retry";
import { readCachedSnapshot, snapshotContentKey, storeSnapshotInCache } from "./snapshot-cache";
import { storeSnapshot } from "./snapshot-store";
import { loadRenderFonts } from "./theme-fonts";

/** Drawings of one publish: the first, and two more for a chart whose content changed meanwhile. */
const maxDraws = 3;

/** A snapshot ready to store: its files, the content key they were drawn for, and the chart state they show. */
interface ReadySnapshot {
	chart: ChartRecord;
	key: string;
	files: SnapshotFiles;
	/** The uploaded fonts the drawing could use; the page names some of them. */
	fonts: StoredFont[];
}

function assertPublishable(expectedVersion: ExpectedVersion, chart: ChartRecord): void {
	assertExpectedVersion(expectedVersion, chart.version);
	if (!chart.hasData) throw new ApiError("invalid_data", `Chart ${chart.id} has no data yet, so there is nothing to publish.`);
}

/** The page's text, for the uploaded fonts it names. */
function pageOf(files: SnapshotFiles): string {
	const page = files[""];
	return typeof page === "string" ? page : new TextDecoder().decode(page);
}

/**
 * How a redraw by the service itself (linked data, library re-imports) differs from a
 * person's publish: what it publishes, how the version is recorded, and that an unchanged
 * drawing writes nothing.
 */
export interface RedrawOptions {
	/** The version's action in the history. */
	action: ChartAction;
	/** What to publish, from the chart as it stands now (called again on a lost race). */
	content: (current: ChartRecord) => Promise<ChartRecord>;
	/** Write nothing (and answer the chart as it is) when the files would be the published ones. */
	skipUnchanged: boolean;
}

/**
 * Publishes the chart as it stands (if it is at a version expected) and answers it as written, with its new
 * `publishedVersion`. Throws `export_busy` when a drawing is needed and every slot is taken.
 * `redraw` is for the service's own redraws of a published chart: the same path, the same URL,
 * the same export gate and snapshot cache.
 */
export async function publishChart(
	services: Services,
	actor: Actor,
	chartId: string,
	expectedVersion: ExpectedVersion,
	now: number,
	redraw?: RedrawOptions,
): Promise<ChartRecord> {
	let draws = 0;
	const contentOf = (current: ChartRecord) => (redraw ? redraw.content(current) : Promise.resolve(current));
	/** `chart`'s snapshot: `previous` again when its key still matches, else from the cache, else drawn. */
	const snapshotFor = async (chart: ChartRecord, previous?: ReadySnapshot): Promise<ReadySnapshot> => {
		// Theme, fonts and data are read once, for the key and the drawing, so the two cannot differ.
		const materials = await exportMaterials(services, chart);
		const key = await snapshotContentKey(services, chart, materials);
		if (previous?.key === key) return { ...previous, chart };
		const cached = await readCachedSnapshot(services, chart.id, key);
		if (cached) return { chart, key, files: cached, fonts: materials.fonts };
		if (++draws > maxDraws) throw new ApiError("conflict", chartWriteRetry.conflictMessage);
		// The renderer is loaded by the first drawing, not when the Worker starts.
		const [dataset, { fonts }, { drawSnapshot }] = await Promise.all([
			exportDataset(services, chart, materials),
			loadRenderFonts(services, materials.fonts),
			import("../embed/snapshot"),
		]);
		const input = renderInput(chart, resolveDrawingOptions(chart, "svg"), dataset, materials.theme, fonts);
		const files = await renderInExportSlot(services.exportSlots, () => drawSnapshot(input, chart, services.config.embedBase));
		await storeSnapshotInCache(services, chart.id, key, files);
		return { chart, key, files, fonts: materials.fonts };
	};

	/** A redraw whose files are the published ones changes nothing. */
	const unchanged = async (current: ChartRecord, key: string) =>
		redraw?.skipUnchanged === true && current.publishedVersion !== null && (await publishedKeyOf(services.d1, current.id)) === key;

	const read = await loadChart(services, actor, chartId);
	assertPublishable(expectedVersion, read);
	let snapshot = await snapshotFor(await contentOf(read));
	return retryConditionalWrite(async (attempt) => {
		let current = read;
		if (attempt > 0) {
			// Lost a race: the chart moved on while this publish drew or wrote. Publish it as it stands now.
			current = await loadChart(services, actor, chartId);
			assertPublishable(expectedVersion, current);
			snapshot = await snapshotFor(await contentOf(current), snapshot);
		}
		if (await unchanged(current, snapshot.key)) return current;
		// The content to publish (the chart itself, or what a redraw made of it) becomes the next version.
		const { chart, files, key } = snapshot;
		const version = current.version + 1;
		// Files first, then the fonts the page names (the embed host serves an uploaded font only
		// while a published page names it), then the row: the version is live only once all are there.
		// Then the pointer the embed host reads instead of the row (src/embed/published-pointer.ts).
		await storeSnapshot(services, chart.id, version, files);
		const named = new Set(fontIdsNamedBy(pageOf(files)));
		await recordPublishedFonts(services.db, chart, version, [...named]);
		const written = await commitChartWrite(
			services,
			actor,
			current,
			{ next: snapshotOf(chart), action: redraw?.action ?? "publish", publishedVersion: version },
			now,
		);
		if (written) {
			await recordPublishedKey(services.d1, chart.id, version, key);
			const fonts = snapshot.fonts.filter((font) => named.has(font.id));
			await showToReaders(
				services,
				written,
				fonts.map(({ id, format, r2Key }) => ({ id, format, r2Key })),
			);
		}
		return written;
	}, chartWriteRetry);
}

/**
 * Points the embed host at what `written` publishes. The row is already committed: a pointer
 * write that fails leaves readers on the previous version until the next publish, the next
 * unpublish or the backfill of a missing pointer (src/embed/pointer-backfill.ts), so it is
 * logged and the write itself still answers.
 */
async function showToReaders(services: Services, written: ChartRecord, fonts: PublishedFont[]): Promise<void> {
	try {
		await writePointer(services.blobs, written.id, {
			chartVersion: written.version,
			publishedVersion: written.publishedVersion,
			fonts: written.publishedVersion === null ? [] : fonts,
		});
	} catch (error) {
		console.error(`pointing the embed host at version ${written.publishedVersion} of ${written.id} failed`, error);
	}
}

/** Takes the chart's embed down (if it is at a version expected); a chart that is not published is left as it is. */
export async function unpublishChart(
	services: Services,
	actor: Actor,
	chartId: string,
	expectedVersion: ExpectedVersion,
	now: number,
): Promise<ChartRecord> {
	const written = await writeChart(services, actor, chartId, expectedVersion, now, async (current) =>
		current.publishedVersion === null ? null : { next: snapshotOf(current), action: "unpublish", publishedVersion: null },
	);
	if (written.publishedVersion === null) await showToReaders(services, written, []);
	return written;
}
