/**
 * The D1 schema. drizzle-kit generates the SQL migrations in `migrations/` from this file;
 * never edit a generated migration by hand, add a new one with `npm run db:generate`.
 *
 * Timestamps are integer milliseconds since the epoch (UTC); JSON columns hold text that is
 * parsed back through zod at the edge (`src/db/rows.ts`), never trusted as typed.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
		/** The sign-in email as the person typed it (shown back); null for key-only accounts. */
		email: text("email"),
		/** Lower-cased, trimmed email: what sign-in looks up and what makes emails unique (D30). */
		emailNormalized: text("email_normalized"),
		/** PBKDF2-SHA256 of the password (base64url), its 16-byte salt (base64url) and iteration count. */
		passwordHash: text("password_hash"),
		passwordSalt: text("password_salt"),
		passwordIterations: integer("password_iterations"),
		/** The account's role in its workspace (src/domain/roles.ts); exactly one `owner` per workspace. */
		role: text("role", { enum: ["owner", "admin", "editor", "viewer"] })
			.notNull()
			.default("editor"),
		/** When the account joined its workspace (created, or accepted an invitation). */
		joinedAt: integer("joined_at"),
	},
	(t) => [index("accounts_workspace_idx").on(t.workspaceId), uniqueIndex("accounts_email_idx").on(t.emailNormalized)],
);

/**
 * Invitations to a workspace (docs/teams.md): the link's token is stored only as its SHA-256, is
 * single use and expires. Pending: neither accepted nor revoked, and not expired.
 */
export const invitations = sqliteTable(
	"invitations",
	{
		id: text("id").primaryKey(),
		workspaceId: text("workspace_id")
			.notNull()
			.references(() => workspaces.id),
		email: text("email").notNull(),
		emailNormalized: text("email_normalized").notNull(),
		role: text("role", { enum: ["admin", "editor", "viewer"] }).notNull(),
		tokenHash: text("token_hash").notNull(),
		invitedBy: text("invited_by")
			.notNull()
			.references(() => accounts.id),
		createdAt: integer("created_at").notNull(),
		expiresAt: integer("expires_at").notNull(),
		acceptedAt: integer("accepted_at"),
		acceptedBy: text("accepted_by"),
		revokedAt: integer("revoked_at"),
	},
	(t) => [uniqueIndex("invitations_token_idx").on(t.tokenHash), index("invitations_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/** Password reset links: only the token's SHA-256 is stored; single use, expiring. */
export const passwordResets = sqliteTable(
	"password_resets",
	{
		tokenHash: text("token_hash").primaryKey(),
		accountId: text("account_id")
			.notNull()
			.references(() => accounts.id),
		createdAt: integer("created_at").notNull(),
		expiresAt: integer("expires_at").notNull(),
		usedAt: integer("used_at"),
	},
	(t) => [index("password_resets_account_idx").on(t.accountId), index("password_resets_expires_idx").on(t.expiresAt)],
);

/**
 * A workspace's activity log (docs/teams.md): who did what and when. The actor's and target's
 * names are copied in, so an entry still reads after the chart is deleted. Kept a year.
 */
/** What an activity entry acted on; an assistant is a connection (its id the connection's, its name the client's). */
export const activityTargetTypes = ["chart", "member", "invitation", "key", "device", "assistant"] as const;

export const activity = sqliteTable(
	"activity",
	{
		id: integer("id").primaryKey({ autoIncrement: true }),
		workspaceId: text("workspace_id").notNull(),
		at: integer("at").notNull(),
		/** Null for the service itself. */
		actorAccountId: text("actor_account_id"),
		actorEmail: text("actor_email"),
		action: text("action").notNull(),
		targetType: text("target_type", { enum: activityTargetTypes }),
		targetId: text("target_id"),
		targetName: text("target_name"),
	},
	(t) => [
		index("activity_workspace_idx").on(t.workspaceId, t.id),
		index("activity_at_idx").on(t.at),
		index("activity_target_idx").on(t.targetType, t.targetId),
	],
);

/**
 * Mail written to the local outbox instead of being sent (`MAIL_OUTBOX=local`: `npm start` and
 * the test servers), so a person on a local deployment can open an invitation or a reset link.
 */
export const mailOutbox = sqliteTable(
	"mail_outbox",
	{
		id: integer("id").primaryKey({ autoIncrement: true }),
		to: text("to").notNull(),
		subject: text("subject").notNull(),
		text: text("text").notNull(),
		/** JSON array of the links the mail carries. */
		links: text("links").notNull(),
		sentAt: integer("sent_at").notNull(),
	},
	(t) => [index("mail_outbox_sent_idx").on(t.sentAt)],
);

/** Console sessions (D31). Only the SHA-256 of the cookie's token is stored. */
export const sessions = sqliteTable(
	"sessions",
	{
		tokenHash: text("token_hash").primaryKey(),
		accountId: text("account_id")
			.notNull()
			.references(() => accounts.id),
		createdAt: integer("created_at").notNull(),
		expiresAt: integer("expires_at").notNull(),
		lastSeenAt: integer("last_seen_at").notNull(),
	},
	(t) => [index("sessions_account_idx").on(t.accountId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Sign-in and current-password attempts, for throttling (D31): one row per attempt per
 * bucket it counts in (`email:…`, `client:…`, `device:…`, `password:…`). A row is written before
 * the password is hashed, so an attempt still running counts; a right password deletes its rows
 * again. Rows older than the window are purged.
 */
export const signInAttempts = sqliteTable(
	"sign_in_attempts",
	{
		id: integer("id").primaryKey({ autoIncrement: true }),
		bucket: text("bucket").notNull(),
		at: integer("at").notNull(),
	},
	(t) => [index("sign_in_attempts_bucket_at_idx").on(t.bucket, t.at), index("sign_in_attempts_at_idx").on(t.at)],
);

/**
 * Browsers that have signed in to an account ("device cookies", OWASP): only the SHA-256 of the
 * `charts_device` cookie's token is stored, with the email it was issued for. A sign-in bearing
 * one for its email is throttled per device instead of per email, so a stranger's failures do not
 * lock the owner out.
 */
export const signInDevices = sqliteTable(
	"sign_in_devices",
	{
		tokenHash: text("token_hash").primaryKey(),
		accountId: text("account_id")
			.notNull()
			.references(() => accounts.id),
		emailNormalized: text("email_normalized").notNull(),
		createdAt: integer("created_at").notNull(),
		lastUsedAt: integer("last_used_at").notNull(),
	},
	(t) => [index("sign_in_devices_account_idx").on(t.accountId, t.lastUsedAt), index("sign_in_devices_last_used_idx").on(t.lastUsedAt)],
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
		/** The column roles the chart draws its table with (given in `meta.columns`, or chosen), as JSON; null for no data. */
		columnRoles: text("column_roles"),
		/** R2 key of the chart's data blob (content-addressed), if any. */
		dataBlobKey: text("data_blob_key"),
		hasData: integer("has_data", { mode: "boolean" }).notNull().default(false),
		folderId: text("folder_id"),
		/** Chart version that the live embed shows; null while unpublished. */
		publishedVersion: integer("published_version"),
		publishedAt: integer("published_at"),
		/**
		 * The content key (snapshot cache, D37) of the published version's files, and that version:
		 * a scheduled redraw whose key is unchanged writes nothing.
		 */
		publishedKey: text("published_key"),
		publishedKeyVersion: integer("published_key_version"),
		/*
		 * Linked data: the chart re-reads its data from `linkedUrl` every
		 * `linkedRefreshMinutes`. Null `linkedUrl` = own data or statistics. The rest is the state of
		 * the reads (conditional-request validators, the last content's hash, the outcome, back-off).
		 */
		linkedUrl: text("linked_url"),
		linkedRefreshMinutes: integer("linked_refresh_minutes"),
		linkedEtag: text("linked_etag"),
		linkedLastModified: text("linked_last_modified"),
		linkedContentHash: text("linked_content_hash"),
		linkedLastFetchedAt: integer("linked_last_fetched_at"),
		linkedLastChangedAt: integer("linked_last_changed_at"),
		/** `ok` (new content read), `unchanged` or `failed`. */
		linkedLastStatus: text("linked_last_status", { enum: ["ok", "unchanged", "failed"] }),
		linkedLastError: text("linked_last_error"),
		/** Consecutive failed reads: each doubles the wait before the next (back-off). */
		linkedFailures: integer("linked_failures").notNull().default(0),
		linkedNextDueAt: integer("linked_next_due_at"),
		/**
		 * Until when a link request being read holds one of the workspace's linked-chart slots: the
		 * slot is claimed before the read, so concurrent link requests can never pass the cap.
		 */
		linkClaimedUntil: integer("link_claimed_until"),
		/** Increments on every write; the ETag of the chart. */
		version: integer("version").notNull(),
		createdAt: integer("created_at").notNull(),
		updatedAt: integer("updated_at").notNull(),
	},
	(t) => [
		index("charts_workspace_idx").on(t.workspaceId, t.updatedAt),
		index("charts_folder_idx").on(t.folderId),
		index("charts_blob_idx").on(t.dataBlobKey),
		index("charts_linked_due_idx").on(t.linkedNextDueAt),
	],
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
		/**
		 * The snapshot's data blob, as a column so retention (D29) finds who still names a blob
		 * with an index, without parsing snapshots (SQLite's JSON functions refuse deep ones).
		 */
		dataBlobKey: text("data_blob_key"),
		createdAt: integer("created_at").notNull(),
		/** What the version changed, in words (null before migration 0009: the action in words stands in). */
		summary: text("summary"),
		/** JSON `VersionChange[]` (src/domain/version-summary.ts): lets the list fold consecutive autosaves. */
		changes: text("changes"),
		/** JSON `DataShape` of the dataset this version set, when known. */
		dataShape: text("data_shape"),
	},
	(t) => [primaryKey({ columns: [t.chartId, t.version] }), index("chart_versions_blob_idx").on(t.dataBlobKey)],
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

/*
 * The statistics library (found through the data API). Loaded by `npm run library:import`;
 * read-only for the API. A statistic's full-text index lives in the FTS5 table
 * `library_statistics_fts`, created by a custom migration (drizzle-kit cannot express FTS5).
 */

export const librarySources = sqliteTable("library_sources", {
	id: text("id").primaryKey(),
	title: text("title").notNull(),
	description: text("description").notNull(),
	attribution: text("attribution").notNull(),
	/** SHA-256 of the imported source, so re-importing unchanged data is skipped. */
	contentHash: text("content_hash").notNull(),
	importedAt: integer("imported_at").notNull(),
});

export const libraryDimensions = sqliteTable(
	"library_dimensions",
	{
		sourceId: text("source_id").notNull(),
		id: text("id").notNull(),
		title: text("title").notNull(),
		position: integer("position").notNull(),
	},
	(t) => [primaryKey({ columns: [t.sourceId, t.id] })],
);

export const libraryDimensionValues = sqliteTable(
	"library_dimension_values",
	{
		sourceId: text("source_id").notNull(),
		dimensionId: text("dimension_id").notNull(),
		id: text("id").notNull(),
		label: text("label").notNull(),
	},
	(t) => [primaryKey({ columns: [t.sourceId, t.dimensionId, t.id] })],
);

export const libraryStatistics = sqliteTable(
	"library_statistics",
	{
		id: text("id").primaryKey(),
		sourceId: text("source_id").notNull(),
		title: text("title").notNull(),
		/** The entity the statistic is about (a country, a ticker): the chart's series name. */
		seriesName: text("series_name").notNull(),
		unit: text("unit").notNull(),
		frequency: text("frequency").notNull(),
		/** JSON object: dimension id → value id. */
		dimensions: text("dimensions").notNull(),
		firstPeriod: text("first_period"),
		lastPeriod: text("last_period"),
	},
	(t) => [index("library_statistics_source_idx").on(t.sourceId)],
);

/** One row per (statistic, dimension): what exact selections match against. */
export const libraryStatisticDimensions = sqliteTable(
	"library_statistic_dimensions",
	{
		statisticId: text("statistic_id").notNull(),
		sourceId: text("source_id").notNull(),
		dimensionId: text("dimension_id").notNull(),
		valueId: text("value_id").notNull(),
	},
	(t) => [
		primaryKey({ columns: [t.statisticId, t.dimensionId] }),
		index("library_statistic_dimensions_lookup_idx").on(t.sourceId, t.dimensionId, t.valueId),
	],
);

export const libraryObservations = sqliteTable(
	"library_observations",
	{
		statisticId: text("statistic_id").notNull(),
		/** ISO 8601 period: `2020`, `2020-03` or `2020-03-01`. Sorts as text. */
		period: text("period").notNull(),
		value: real("value"),
	},
	(t) => [primaryKey({ columns: [t.statisticId, t.period] })],
);

/**
 * Fonts uploaded in the console (docs/design.md#d33), usable by the workspace's themes. The
 * file itself is in R2 under `r2Key` and never changes under its id, which is why the embed
 * host can serve it as immutable and export keys can name it by id.
 */
export const fonts = sqliteTable(
	"fonts",
	{
		id: text("id").primaryKey(),
		workspaceId: text("workspace_id")
			.notNull()
			.references(() => workspaces.id),
		/** Who uploaded it. */
		accountId: text("account_id")
			.notNull()
			.references(() => accounts.id),
		/** The family a theme names to use it (the font's typographic family, else its family). */
		family: text("family").notNull(),
		style: text("style", { enum: ["normal", "italic"] }).notNull(),
		/** CSS weight, 1–1000 (OS/2 usWeightClass). */
		weight: integer("weight").notNull(),
		/** JSON array of the scripts it covers, e.g. `["Latin","Greek"]`. */
		scripts: text("scripts").notNull(),
		/** `ttf` (TrueType outlines) or `otf` (CFF outlines): what is stored, after WOFF2 is unpacked. */
		format: text("format", { enum: ["ttf", "otf"] }).notNull(),
		byteSize: integer("byte_size").notNull(),
		r2Key: text("r2_key").notNull(),
		createdAt: integer("created_at").notNull(),
	},
	(t) => [index("fonts_workspace_idx").on(t.workspaceId, t.family)],
);

/**
 * The uploaded fonts each published snapshot names: the embed host serves a font only
 * while the chart's published version is one that names it. Written at publish, for that version.
 */
export const publishedFonts = sqliteTable(
	"published_fonts",
	{
		chartId: text("chart_id")
			.notNull()
			.references(() => charts.id, { onDelete: "cascade" }),
		version: integer("version").notNull(),
		fontId: text("font_id").notNull(),
	},
	(t) => [primaryKey({ columns: [t.chartId, t.version, t.fontId] }), index("published_fonts_font_idx").on(t.fontId)],
);

/**
 * Library re-imports already followed by published charts: a source whose
 * `library_sources.content_hash` differs from the one here was re-imported since, so the
 * published charts on its statistics are redrawn, then its hash is recorded here.
 */
export const libraryRefreshMarks = sqliteTable("library_refresh_marks", {
	sourceId: text("source_id").primaryKey(),
	contentHash: text("content_hash").notNull(),
	refreshedAt: integer("refreshed_at").notNull(),
});

/**
 * OAuth clients (docs/mcp.md): an assistant's MCP client registers itself (dynamic registration)
 * and is known by its id, its name (shown on the consent screen) and the redirect URIs it may be
 * sent back to, matched exactly. Public clients: there is no secret.
 */
export const oauthClients = sqliteTable("oauth_clients", {
	id: text("id").primaryKey(),
	name: text("name").notNull(),
	/** JSON array of the registered redirect URIs. */
	redirectUris: text("redirect_uris").notNull(),
	createdAt: integer("created_at").notNull(),
});

/**
 * An authorization asked for and not yet answered: what `/oauth/authorize` checked, kept for the
 * console's consent screen. Short-lived and used once (deleted when approved or denied).
 */
export const oauthRequests = sqliteTable(
	"oauth_requests",
	{
		id: text("id").primaryKey(),
		clientId: text("client_id")
			.notNull()
			.references(() => oauthClients.id),
		redirectUri: text("redirect_uri").notNull(),
		/** base64url SHA-256 of the client's PKCE verifier (S256 only). */
		codeChallenge: text("code_challenge").notNull(),
		state: text("state"),
		/** JSON array of the scopes asked for. */
		scopes: text("scopes").notNull(),
		createdAt: integer("created_at").notNull(),
		expiresAt: integer("expires_at").notNull(),
	},
	(t) => [index("oauth_requests_expires_idx").on(t.expiresAt)],
);

/**
 * What a member allowed a client: its scopes, in the member's workspace. The member's current
 * role bounds them at every request; revoking the grant (Disconnect, the member's removal, a
 * reused code or refresh token) ends every token issued under it at once.
 */
export const oauthGrants = sqliteTable(
	"oauth_grants",
	{
		id: text("id").primaryKey(),
		clientId: text("client_id")
			.notNull()
			.references(() => oauthClients.id),
		accountId: text("account_id")
			.notNull()
			.references(() => accounts.id),
		workspaceId: text("workspace_id").notNull(),
		redirectUri: text("redirect_uri").notNull(),
		/** JSON array of the scopes allowed. */
		scopes: text("scopes").notNull(),
		createdAt: integer("created_at").notNull(),
		lastUsedAt: integer("last_used_at"),
		revokedAt: integer("revoked_at"),
	},
	(t) => [index("oauth_grants_account_idx").on(t.accountId)],
);

/**
 * Codes, access and refresh tokens of a grant, by the SHA-256 of the token (never the token).
 * `usedAt` marks a code exchanged or a refresh token rotated: presenting one again revokes the grant.
 */
export const oauthTokens = sqliteTable(
	"oauth_tokens",
	{
		hash: text("hash").primaryKey(),
		grantId: text("grant_id")
			.notNull()
			.references(() => oauthGrants.id),
		kind: text("kind", { enum: ["code", "access", "refresh"] }).notNull(),
		/** A code's PKCE challenge and redirect URI, which its exchange must match; null for tokens. */
		codeChallenge: text("code_challenge"),
		redirectUri: text("redirect_uri"),
		createdAt: integer("created_at").notNull(),
		expiresAt: integer("expires_at").notNull(),
		usedAt: integer("used_at"),
	},
	(t) => [index("oauth_tokens_grant_idx").on(t.grantId), index("oauth_tokens_expires_idx").on(t.expiresAt)],
);
