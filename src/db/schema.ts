/**
 * The D1 schema. drizzle-kit generates the SQL migrations in `migrations/` from this file;
 * never edit a generated migration by hand, add a new one with `npm run db:generate`.
 *
 * Timestamps are integer milliseconds since the epoch (UTC); JSON columns hold text that is
 * parsed back through zod at the edge (`src/db/rows.ts`), never trusted as typed.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const workspaces = sqliteTable("workspaces", {
	id: text("id").primaryKey(),
	name: text("name").notNull(),
	/** `personal` holds one account; `team` is shared by several. */
	kind: text("kind", { enum: ["personal", "team"] }).notNull(),
	createdAt: integer("created_at").notNull(),
});

export const accounts = sqliteTable(
	"accounts",
	{
		id: text("id").primaryKey(),
		workspaceId: text("workspace_id")
			.notNull()
			.references(() => workspaces.id),
		name: text("name").notNull(),
		plan: text("plan", { enum: ["free", "starter", "professional", "business"] }).notNull(),
		createdAt: integer("created_at").notNull(),
	},
	(t) => [index("accounts_workspace_idx").on(t.workspaceId)],
);

export const apiKeys = sqliteTable(
	"api_keys",
	{
		id: text("id").primaryKey(),
		accountId: text("account_id")
			.notNull()
			.references(() => accounts.id),
		name: text("name").notNull(),
		/** The first characters of the key, shown in listings so a person can tell keys apart. */
		prefix: text("prefix").notNull(),
		/** Hex SHA-256 of the whole key. The key itself is never stored. */
		hash: text("hash").notNull(),
		/** JSON array of scope strings. */
		scopes: text("scopes").notNull(),
		createdAt: integer("created_at").notNull(),
		lastUsedAt: integer("last_used_at"),
		revokedAt: integer("revoked_at"),
	},
	(t) => [uniqueIndex("api_keys_hash_idx").on(t.hash), index("api_keys_account_idx").on(t.accountId)],
);

export const folders = sqliteTable(
	"folders",
	{
		id: text("id").primaryKey(),
		workspaceId: text("workspace_id")
			.notNull()
			.references(() => workspaces.id),
		name: text("name").notNull(),
		parentId: text("parent_id"),
		createdAt: integer("created_at").notNull(),
		updatedAt: integer("updated_at").notNull(),
	},
	(t) => [index("folders_workspace_idx").on(t.workspaceId), index("folders_parent_idx").on(t.parentId)],
);

export const charts = sqliteTable(
	"charts",
	{
		id: text("id").primaryKey(),
		workspaceId: text("workspace_id")
			.notNull()
			.references(() => workspaces.id),
		/** The account whose key created the chart. */
		authorAccountId: text("author_account_id").notNull(),
		/** Denormalised `meta.title` (or the default name) so listings never parse meta. */
		name: text("name").notNull(),
		kind: text("kind").notNull(),
		/** JSON object: the full editor settings. */
		meta: text("meta").notNull(),
		/** JSON array of series references as the client sent them. */
		seriesRefs: text("series_refs").notNull().default("[]"),
		/** JSON array of resolved series names, in order. */
		seriesNames: text("series_names").notNull().default("[]"),
		/** R2 key of the chart's data blob (content-addressed), if any. */
		dataBlobKey: text("data_blob_key"),
		hasData: integer("has_data", { mode: "boolean" }).notNull().default(false),
		folderId: text("folder_id"),
		/** Chart version that the live embed shows; null while unpublished. */
		publishedVersion: integer("published_version"),
		publishedAt: integer("published_at"),
		/** Increments on every write; the ETag of the chart. */
		version: integer("version").notNull(),
		createdAt: integer("created_at").notNull(),
		updatedAt: integer("updated_at").notNull(),
	},
	(t) => [index("charts_workspace_idx").on(t.workspaceId, t.updatedAt), index("charts_folder_idx").on(t.folderId)],
);

export const chartVersions = sqliteTable(
	"chart_versions",
	{
		chartId: text("chart_id")
			.notNull()
			.references(() => charts.id, { onDelete: "cascade" }),
		version: integer("version").notNull(),
		/** What made this version: create, update, data, publish, unpublish or restore. */
		action: text("action").notNull(),
		authorAccountId: text("author_account_id").notNull(),
		/** JSON snapshot of the chart's content at this version. */
		snapshot: text("snapshot").notNull(),
		createdAt: integer("created_at").notNull(),
	},
	(t) => [primaryKey({ columns: [t.chartId, t.version] })],
);

export const themes = sqliteTable(
	"themes",
	{
		id: text("id").primaryKey(),
		workspaceId: text("workspace_id")
			.notNull()
			.references(() => workspaces.id),
		name: text("name").notNull(),
		/** JSON theme definition, validated by `ThemeDefinition` in `src/domain/themes.ts`. */
		definition: text("definition").notNull(),
		isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
		createdAt: integer("created_at").notNull(),
	},
	(t) => [
		index("themes_workspace_idx").on(t.workspaceId),
		// At most one default theme per workspace.
		uniqueIndex("themes_one_default_idx").on(t.workspaceId).where(sql`${t.isDefault} = 1`),
	],
);

export const idempotencyRecords = sqliteTable(
	"idempotency_records",
	{
		accountId: text("account_id").notNull(),
		key: text("key").notNull(),
		/** SHA-256 of method, path and body: the same key with another request is refused. */
		requestHash: text("request_hash").notNull(),
		/** null while the first request is still being processed. */
		status: integer("status"),
		/** JSON: the stored response body and headers to replay. */
		response: text("response"),
		createdAt: integer("created_at").notNull(),
	},
	(t) => [primaryKey({ columns: [t.accountId, t.key] }), index("idempotency_created_idx").on(t.createdAt)],
);
