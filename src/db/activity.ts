/**
 * The workspace activity log (docs/teams.md): one row per thing a member did, newest first by id.
 * An entry copies the actor's email and the target's name when it is written, so it still reads
 * after the chart is deleted or the member has left.
 */
import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "./client";
import { activity, activityTargetTypes } from "./schema";

export { activityTargetTypes };
export type ActivityTargetType = (typeof activityTargetTypes)[number];

export interface ActivityEntry {
	workspaceId: string;
	at: number;
	/** Null for the service itself (a connection it revoked). */
	actorAccountId: string | null;
	/** Looked up from the account when not given. */
	actorEmail?: string | null;
	action: string;
	target: { type: ActivityTargetType; id: string; name: string | null } | null;
}

/**
 * Writes one entry. A chart target without a name gets the chart's name, or, when the chart is
 * gone (deleted), the name its latest entry recorded.
 */
export async function insertActivity(d1: D1Database, entry: ActivityEntry): Promise<void> {
	const target = entry.target;
	const chartId = target?.type === "chart" ? target.id : null;
	await d1
		.prepare(
			`INSERT INTO activity (workspace_id, at, actor_account_id, actor_email, action, target_type, target_id, target_name)
			 VALUES (?, ?, ?, COALESCE(?, (SELECT email FROM accounts WHERE id = ?)), ?, ?, ?,
			   COALESCE(?, (SELECT name FROM charts WHERE id = ?),
			     (SELECT target_name FROM activity WHERE target_type = 'chart' AND target_id = ? AND target_name IS NOT NULL ORDER BY id DESC LIMIT 1)))`,
		)
		.bind(
			entry.workspaceId,
			entry.at,
			entry.actorAccountId,
			entry.actorEmail ?? null,
			entry.actorAccountId,
			entry.action,
			target?.type ?? null,
			target?.id ?? null,
			target?.name ?? null,
			chartId,
			chartId,
		)
		.run();
}

export interface ActivityRow {
	id: number;
	at: number;
	actorAccountId: string | null;
	actorEmail: string | null;
	action: string;
	targetType: ActivityTargetType | null;
	targetId: string | null;
	targetName: string | null;
}

export interface ActivityFilter {
	workspaceId: string;
	/** Entries older than this id (the cursor). */
	beforeId?: number;
	accountId?: string;
	action?: string;
	limit: number;
}

export async function listActivity(db: Database, filter: ActivityFilter): Promise<ActivityRow[]> {
	const rows = await db
		.select({
			id: activity.id,
			at: activity.at,
			actorAccountId: activity.actorAccountId,
			actorEmail: activity.actorEmail,
			action: activity.action,
			targetType: activity.targetType,
			targetId: activity.targetId,
			targetName: activity.targetName,
		})
		.from(activity)
		.where(
			and(
				eq(activity.workspaceId, filter.workspaceId),
				filter.beforeId === undefined ? undefined : lt(activity.id, filter.beforeId),
				filter.accountId === undefined ? undefined : eq(activity.actorAccountId, filter.accountId),
				filter.action === undefined ? undefined : eq(activity.action, filter.action),
			),
		)
		.orderBy(desc(activity.id))
		.limit(filter.limit);
	return rows;
}

/** Retention: entries written before `before` go. */
export async function deleteActivityBefore(db: Database, before: number): Promise<void> {
	await db.delete(activity).where(lt(activity.at, before));
}

/** Whether a chart reads a linked source now (a PUT of data that linked it is recorded as such). */
export async function chartIsLinked(d1: D1Database, chartId: string): Promise<boolean> {
	const row = await d1.prepare("SELECT linked_url FROM charts WHERE id = ?").bind(chartId).first<{ linked_url: string | null }>();
	return row?.linked_url != null;
}

/** A key's name, kept in its entry so the entry reads after the key is revoked. */
export async function keyName(d1: D1Database, keyId: string): Promise<string | null> {
	const row = await d1.prepare("SELECT name FROM api_keys WHERE id = ?").bind(keyId).first<{ name: string }>();
	return row?.name ?? null;
}
