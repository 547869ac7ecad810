/**
 * The election bench's figures, per phase and per minute of it, from what the run recorded: the
 * feeds' reads and changes (election-sources.ts), the embed views and the changes they showed
 * (election-readers.ts), the counting Worker's binding counts, the redraws' versions in D1 and
 * every error.
 */

import { redrawQueueName, refreshQueueName } from "../../src/linked-data/queue-names.ts";
import type { EmbedView, ViewError } from "./election-readers.ts";
import type { QueueBatch, ScheduledLine } from "./election-server.ts";
import type { FeedChange, FeedRead } from "./election-sources.ts";
import { markdownTable, percentile } from "./stats.ts";

const minute = 60_000;
/** A chart linked with `refreshMinutes: 1` is due a minute after its last read. */
export const refreshMs = minute;
/** The targets (docs/scale.md): every due source read within 60 s of due, 95 % of changes shown within 2 minutes. */
export const dueBoundMs = 60_000;
export const shownBoundMs = 120_000;

export interface BindingCounts {
	/** When the counts were read: they cover the time since the previous read. */
	at: number;
	d1: number;
	r2: number;
	durableObject: number;
	calls: Record<string, number>;
}

export interface CronCall {
	at: number;
	status: number | null;
	ms: number;
	error?: string;
}

export interface PhaseRecord {
	name: string;
	/** LINKED_DATA_INLINE for the phase. */
	inline: boolean;
	start: number;
	/** Feeds stop changing here; the drain after it lets the last changes show. */
	changesEnd: number;
	end: number;
	minutes: number;
	drainMinutes: number;
	cron: CronCall[];
	/** The machine's 1-minute load average at the start of each minute (it is shared). */
	loads: number[];
	batches: QueueBatch[];
	scheduledRuns: ScheduledLine[];
	counts: BindingCounts[];
	/** created_at of each version a linked-data refresh wrote in the phase. */
	redraws: number[];
	/** Linked charts whose last read failed at the phase's end, with their lastError. */
	failedReads: { chartId: string; error: string }[];
	/** wrangler's own lines naming an error. */
	logErrors: string[];
}

/** One queue's consumer in one minute: the batches the local broker delivered to it. */
export interface QueueMinute {
	batches: number;
	messages: number;
	retried: number;
	longestBatchMs: number | null;
	/** The share of the minute a batch of this queue was being consumed. */
	busyShare: number;
}

export interface ConsumerRow {
	minute: number;
	/** Null when the Cron runs' own report lines were not seen in wrangler's output. */
	enqueued: number | null;
	inlineReads: number | null;
	/** The refresh queue (reads) and the redraw queue (drawings). */
	reads: QueueMinute;
	redraws: QueueMinute;
}

function queueMinute(batches: QueueBatch[]): QueueMinute {
	return {
		batches: batches.length,
		messages: batches.reduce((sum, b) => sum + b.total, 0),
		retried: batches.reduce((sum, b) => sum + b.total - b.acked, 0),
		longestBatchMs: batches.length === 0 ? null : Math.max(...batches.map((b) => b.ms)),
		busyShare: batches.reduce((sum, b) => sum + b.ms, 0) / minute,
	};
}

/** How the queues' consumers kept up, per minute: what the Cron runs enqueued, the batches delivered to each queue. */
export function consumerRows(phase: PhaseRecord): ConsumerRow[] {
	const bucket = (at: number) => Math.floor((at - phase.start) / minute);
	const rows: ConsumerRow[] = [];
	for (let m = 0; m < phase.minutes + phase.drainMinutes; m++) {
		const batches = (queue: string) => phase.batches.filter((b) => bucket(b.at) === m && b.queue === queue);
		const runs = phase.scheduledRuns.filter((r) => bucket(r.at) === m);
		rows.push({
			minute: m + 1,
			enqueued: phase.scheduledRuns.length === 0 ? null : runs.reduce((sum, r) => sum + r.enqueued, 0),
			inlineReads:
				phase.scheduledRuns.length === 0 ? null : runs.reduce((sum, r) => sum + Object.values(r.reads).reduce((a, b) => a + b, 0), 0),
			reads: queueMinute(batches(refreshQueueName)),
			redraws: queueMinute(batches(redrawQueueName)),
		});
	}
	return rows;
}

export function consumerTable(rows: ConsumerRow[]): string {
	const queueCells = (q: QueueMinute) => [
		`${q.batches}: ${q.messages} (${q.retried})`,
		seconds(q.longestBatchMs),
		`${Math.round(q.busyShare * 100)} %`,
	];
	return markdownTable(
		[
			"minute",
			"Cron: enqueued (inline reads)",
			"read batches: messages (retried)",
			"longest",
			"reads busy",
			"redraw batches: messages (retried)",
			"longest",
			"redraws busy",
		],
		rows.map((row) => [
			row.minute,
			row.enqueued === null ? "—" : `${row.enqueued} (${row.inlineReads})`,
			...queueCells(row.reads),
			...queueCells(row.redraws),
		]),
	);
}

export interface MinuteRow {
	minute: number;
	reads: { changed: number; unchanged: number };
	due: number;
	dueReadInBound: number;
	maxLateMs: number | null;
	redraws: number;
	changes: number;
	shownInBound: number;
	delayMs: { p50: number; p95: number; max: number } | null;
	/** Changes of this minute not shown by the phase's end. */
	neverShown: number;
	views: { reader: number; watcher: number; requests: number };
	d1: number;
	durableObject: number;
	r2: number;
	errors: number;
	load: number | null;
}

export interface PhaseSummary {
	name: string;
	inline: boolean;
	minutes: number;
	drainMinutes: number;
	charts: number;
	reads: number;
	due: number;
	dueReadInBound: number;
	maxLateMs: number | null;
	redraws: number;
	changes: number;
	shownInBound: number;
	shownInBoundShare: number;
	delayMs: { p50: number; p95: number; max: number } | null;
	neverShown: number;
	readerViews: number;
	watcherViews: number;
	viewsPerSecond: number;
	embedRequests: number;
	d1: number;
	durableObject: number;
	r2: number;
	errors: number;
	meetsTargets: boolean;
}

function delayStats(delays: number[]) {
	if (delays.length === 0) return null;
	const sorted = [...delays].sort((a, b) => a - b);
	return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] as number };
}

interface DueRead {
	due: number;
	/** When the read after it came, or null when none came before the phase ended. */
	readAt: number | null;
}

/** Each read's next due time in the phase, and when the next read came. */
function dueReads(reads: FeedRead[], start: number, end: number): DueRead[] {
	const byFeed = new Map<number, number[]>();
	for (const read of reads) {
		if (read.status === 404 || read.at > end) continue;
		const times = byFeed.get(read.feed) ?? [];
		times.push(read.at);
		byFeed.set(read.feed, times);
	}
	const due: DueRead[] = [];
	for (const times of byFeed.values()) {
		times.sort((a, b) => a - b);
		times.forEach((at, i) => {
			const dueAt = at + refreshMs;
			if (dueAt < start || dueAt >= end) return;
			due.push({ due: dueAt, readAt: times[i + 1] ?? null });
		});
	}
	return due;
}

function lateness(item: DueRead, end: number): number {
	return (item.readAt ?? end) - item.due;
}

/** Whether the read of `item` met the bound; null while it cannot be told yet (the phase ended first). */
function inBound(item: DueRead, end: number): boolean | null {
	if (item.readAt !== null) return item.readAt - item.due <= dueBoundMs;
	return end - item.due > dueBoundMs ? false : null;
}

export function analysePhase(
	phase: PhaseRecord,
	charts: number,
	reads: FeedRead[],
	changes: FeedChange[],
	firstShown: Map<number, Map<number, number>>,
	views: EmbedView[],
	errors: ViewError[],
): { rows: MinuteRow[]; summary: PhaseSummary } {
	const { start, end, changesEnd } = phase;
	const bucket = (at: number) => Math.floor((at - start) / minute);
	const totalMinutes = phase.minutes + phase.drainMinutes;
	const phaseReads = reads.filter((r) => r.at >= start && r.at < end && r.status !== 404);
	const due = dueReads(reads, start, end);
	const phaseChanges = changes.filter((c) => c.at >= start && c.at < changesEnd);
	const shownAt = (c: FeedChange) => firstShown.get(c.feed)?.get(c.change) ?? null;
	const phaseViews = views.filter((v) => v.at >= start && v.at < end);
	const phaseErrors = errors.filter((e) => e.at >= start && e.at < end);
	const rows: MinuteRow[] = [];
	for (let m = 0; m < totalMinutes; m++) {
		const inMinute = <T extends { at: number }>(items: T[]) => items.filter((item) => bucket(item.at) === m);
		const minuteReads = inMinute(phaseReads);
		const minuteDue = due.filter((d) => bucket(d.due) === m);
		const judged = minuteDue.map((d) => inBound(d, end)).filter((b) => b !== null);
		const minuteChanges = inMinute(phaseChanges);
		const delays = minuteChanges.flatMap((c) => {
			const at = shownAt(c);
			return at === null || at > end ? [] : [at - c.at];
		});
		const minuteViews = inMinute(phaseViews);
		// Counts read at the end of minute m cover it.
		const counts = phase.counts.find((c) => bucket(c.at - 1) === m);
		rows.push({
			minute: m + 1,
			reads: { changed: minuteReads.filter((r) => r.status === 200).length, unchanged: minuteReads.filter((r) => r.status === 304).length },
			due: judged.length,
			dueReadInBound: judged.filter(Boolean).length,
			maxLateMs: minuteDue.length === 0 ? null : Math.max(...minuteDue.map((d) => lateness(d, end))),
			redraws: phase.redraws.filter((at) => bucket(at) === m).length,
			changes: minuteChanges.length,
			shownInBound: delays.filter((d) => d <= shownBoundMs).length,
			delayMs: delayStats(delays),
			neverShown: minuteChanges.length - delays.length,
			views: {
				reader: minuteViews.filter((v) => v.who === "reader").length,
				watcher: minuteViews.filter((v) => v.who === "watcher").length,
				requests: minuteViews.reduce((sum, v) => sum + v.requests, 0),
			},
			d1: counts?.d1 ?? 0,
			durableObject: counts?.durableObject ?? 0,
			r2: counts?.r2 ?? 0,
			errors: inMinute(phaseErrors).length + phase.cron.filter((c) => bucket(c.at) === m && (c.status !== 200 || c.error)).length,
			load: phase.loads[m] ?? null,
		});
	}
	const allDelays = phaseChanges.flatMap((c) => {
		const at = shownAt(c);
		return at === null || at > end ? [] : [at - c.at];
	});
	const judgedDue = due.map((d) => inBound(d, end)).filter((b) => b !== null);
	const shownInBound = allDelays.filter((d) => d <= shownBoundMs).length;
	const errorCount =
		phaseErrors.length + phase.cron.filter((c) => c.status !== 200 || c.error).length + phase.failedReads.length + phase.logErrors.length;
	const readerViews = phaseViews.filter((v) => v.who === "reader").length;
	const summary: PhaseSummary = {
		name: phase.name,
		inline: phase.inline,
		minutes: phase.minutes,
		drainMinutes: phase.drainMinutes,
		charts,
		reads: phaseReads.length,
		due: judgedDue.length,
		dueReadInBound: judgedDue.filter(Boolean).length,
		maxLateMs: due.length === 0 ? null : Math.max(...due.map((d) => lateness(d, end))),
		redraws: phase.redraws.length,
		changes: phaseChanges.length,
		shownInBound,
		shownInBoundShare: phaseChanges.length === 0 ? 0 : shownInBound / phaseChanges.length,
		delayMs: delayStats(allDelays),
		neverShown: phaseChanges.length - allDelays.length,
		readerViews,
		watcherViews: phaseViews.length - readerViews,
		viewsPerSecond: phaseViews.length / ((end - start) / 1000),
		embedRequests: phaseViews.reduce((sum, v) => sum + v.requests, 0),
		d1: phase.counts.reduce((sum, c) => sum + c.d1, 0),
		durableObject: phase.counts.reduce((sum, c) => sum + c.durableObject, 0),
		r2: phase.counts.reduce((sum, c) => sum + c.r2, 0),
		errors: errorCount,
		meetsTargets: false,
	};
	summary.meetsTargets =
		summary.due > 0 &&
		summary.dueReadInBound === summary.due &&
		summary.changes > 0 &&
		summary.shownInBoundShare >= 0.95 &&
		summary.errors === 0 &&
		summary.d1 === 0 &&
		summary.durableObject === 0;
	return { rows, summary };
}

const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? "—" : `${(ms / 1000).toFixed(1)} s`);

export function minuteTable(phase: PhaseSummary, rows: MinuteRow[]): string {
	return markdownTable(
		[
			"minute",
			"sources read (new / 304)",
			"due → read ≤ 60 s (latest)",
			"redraws",
			"changes → shown ≤ 2 min",
			"delay p50 / p95 / max",
			"embed views (readers + watcher), req/s",
			"views' D1 / DO (R2)",
			"errors",
			"load",
		],
		rows.map((row) => [
			row.minute > phase.minutes ? `${row.minute} (drain)` : row.minute,
			`${row.reads.changed + row.reads.unchanged} (${row.reads.changed} / ${row.reads.unchanged})`,
			`${row.dueReadInBound} of ${row.due} (${seconds(row.maxLateMs)})`,
			row.redraws,
			`${row.shownInBound} of ${row.changes}${row.neverShown > 0 ? `, ${row.neverShown} never` : ""}`,
			row.delayMs ? `${seconds(row.delayMs.p50)} / ${seconds(row.delayMs.p95)} / ${seconds(row.delayMs.max)}` : "—",
			`${row.views.reader} + ${row.views.watcher}, ${(row.views.requests / 60).toFixed(0)}/s`,
			`${row.d1} / ${row.durableObject} (${row.r2})`,
			row.errors,
			row.load === null ? "—" : row.load.toFixed(1),
		]),
	);
}

export function summaryTable(summaries: PhaseSummary[]): string {
	return markdownTable(
		[
			"path",
			"charts, minutes (+ drain)",
			"sources read",
			"due → read ≤ 60 s (latest)",
			"redraws",
			"changes shown ≤ 2 min",
			"delay p50 / p95 / max",
			"embed views, views/s",
			"views' D1 / DO",
			"errors",
			"targets met",
		],
		summaries.map((s) => [
			s.name,
			`${s.charts}, ${s.minutes} (+ ${s.drainMinutes})`,
			s.reads,
			`${s.dueReadInBound} of ${s.due} (${seconds(s.maxLateMs)})`,
			s.redraws,
			`${s.shownInBound} of ${s.changes} (${(s.shownInBoundShare * 100).toFixed(1)} %)${s.neverShown > 0 ? `, ${s.neverShown} never` : ""}`,
			s.delayMs ? `${seconds(s.delayMs.p50)} / ${seconds(s.delayMs.p95)} / ${seconds(s.delayMs.max)}` : "—",
			`${s.readerViews + s.watcherViews}, ${s.viewsPerSecond.toFixed(1)}`,
			`${s.d1} / ${s.durableObject}`,
			s.errors,
			s.meetsTargets ? "yes" : "no",
		]),
	);
}
