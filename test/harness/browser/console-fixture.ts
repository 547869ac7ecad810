/**
 * A real console to drive in a browser: `wrangler dev` on its own port and throwaway state, the
 * statistics library, the demo workspace (editor, teammate, free) and its demo charts, and
 * Chromium. Console tests and `npm run screenshots` share it. Under the browser test runner
 * (scripts/test-browser.ts) the state is a copy of one prepared, library and demo included, and
 * Chromium is the runner's; run alone, a file prepares both itself.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Plan, Scope } from "../../../src/domain/plans.ts";
import { newAccountStatements, newKeyStatement } from "../local/admin-ops.ts";
import { execute } from "../local/d1.ts";
import { ensureDemoCharts } from "../local/demo-charts.ts";
import type { DevServer } from "../local/dev-server.ts";
import { startDevServer } from "../local/dev-server.ts";
import { importLibrary, readVegaLibrary } from "../local/import-library.ts";
import { preparedDemoKeys } from "../local/prepared-state.ts";
import type { DemoKey } from "../local/seed.ts";
import { seedDemo } from "../local/seed.ts";
import { launchChromium } from "./chromium.ts";
import { reportStalledRequests } from "./stalled-requests.ts";

export interface ConsoleFixture {
	server: DevServer;
	browser: Browser;
	demo: { editor: DemoKey; teammate: DemoKey; free: DemoKey };
	/** A page signed in as a demo account (or any account with a password), in a fresh browser context (its own cookies). */
	signedInPage(who: SignInDetails, options?: PageOptions): Promise<SignedInPage>;
	/** A page with no session, in a fresh browser context: the screens outside the signed-in shell. */
	signedOutPage(options?: PageOptions): Promise<SignedInPage>;
	/**
	 * A new member of `inviter`'s workspace with `role`, joined through the API as a person does: an
	 * invitation from `inviter`'s key, accepted with a password of its own.
	 */
	newMember(inviter: DemoKey, role: "admin" | "editor" | "viewer"): Promise<SignInDetails>;
	/**
	 * A new account in a workspace of its own, with a sign-in and a key, for a file whose checks
	 * read the whole workspace: under the browser test runner the demo workspace is shared with
	 * the files that ran before.
	 */
	newAccount(plan: Plan, role: string): Promise<DemoKey>;
	/** Calls the API with a demo account's key. */
	api(who: DemoKey, method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
	stop(): Promise<void>;
}

/** What signing in needs. */
export interface SignInDetails {
	email: string;
	password: string;
}

export interface PageOptions {
	width?: number;
	height?: number;
	mode?: "light" | "dark";
}

export interface SignedInPage {
	page: Page;
	context: BrowserContext;
	/** Console errors, failed requests and requests to other origins seen on this page. */
	problems: string[];
}

export async function startConsole(
	port: number,
	/** `vars`: more `--var`s for wrangler dev (LINKED_DATA_ALLOW_PRIVATE for linked data on a loopback server). */
	options: { demoCharts?: boolean; demoFolders?: boolean; vars?: Record<string, string> } = {},
): Promise<ConsoleFixture> {
	const server = await startDevServer(port, undefined, { EMBED_BASE: `http://127.0.0.1:${port}/embed`, ...options.vars });
	const keysFile = `${server.target.persistTo}/demo-keys.json`;
	let keys: DemoKey[];
	if (server.prepared) keys = await preparedDemoKeys(server.target.persistTo ?? "");
	else {
		await importLibrary(server.target, await readVegaLibrary());
		keys = await seedDemo(server.target, keysFile);
	}
	const find = (role: string) => {
		const key = keys.find((k) => k.role === role);
		assert.ok(key, `the demo has no ${role}`);
		return key;
	};
	const demo = { editor: find("editor"), teammate: find("teammate"), free: find("free") };
	if (options.demoCharts !== false) await ensureDemoCharts(server.url, demo.editor.key, { folders: options.demoFolders });
	const browser = reportStalledRequests(await launchChromium());

	async function openPage(pageOptions: PageOptions = {}): Promise<SignedInPage> {
		const context = await browser.newContext({
			viewport: { width: pageOptions.width ?? 1280, height: pageOptions.height ?? 860 },
			colorScheme: pageOptions.mode ?? "light",
			reducedMotion: "reduce",
		});
		// Playwright's 30 s for a navigation was seen to run out on a loaded 2-core machine (a page
		// the dev server answers in milliseconds when idle); a slow machine is not a failure.
		context.setDefaultNavigationTimeout(90_000);
		const page = await context.newPage();
		const problems: string[] = [];
		const origin = new URL(server.url).origin;
		page.on("console", (message) => {
			if (message.type() === "error") problems.push(`console: ${message.text()}`);
		});
		page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
		page.on("request", (request) => {
			const url = request.url();
			if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) problems.push(`third-party request: ${url}`);
		});
		return { page, context, problems };
	}

	async function callApi(who: DemoKey, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
		const res = await fetch(`${server.url}${path}`, {
			method,
			headers: { Authorization: `Bearer ${who.key}`, "Content-Type": "application/json" },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${await res.clone().text()}`);
		return (await res.json()) as Record<string, unknown>;
	}

	return {
		server,
		browser,
		demo,
		async signedInPage(who, pageOptions) {
			const opened = await openPage(pageOptions);
			const { page } = opened;
			// The form is what is needed, not every font and image: waiting for "load" made one stalled
			// subresource fail a whole test.
			await page.goto(`${server.url}/sign-in`, { waitUntil: "domcontentloaded" });
			await page.getByLabel("Email").fill(who.email);
			await page.getByLabel("Password").fill(who.password);
			await page.getByRole("button", { name: "Sign in" }).click();
			await page.waitForURL((url) => url.pathname !== "/sign-in");
			return opened;
		},
		signedOutPage: openPage,
		async newMember(inviter, role) {
			const email = `${role}-${randomUUID()}@example.test`;
			const password = `a ${role}'s own password`;
			const invitation = await callApi(inviter, "POST", "/v1/team/invitations", { email, role });
			const token = new URL(String(invitation.inviteUrl)).pathname.split("/").at(-1) ?? "";
			const accepted = await fetch(`${server.url}/auth/invitations/${token}/accept`, {
				method: "POST",
				headers: { "Content-Type": "application/json" },
				body: JSON.stringify({ password }),
			});
			assert.equal(accepted.status, 200, `accepting the invitation answered ${accepted.status}: ${await accepted.clone().text()}`);
			return { email, password };
		},
		async newAccount(plan, role) {
			const email = `${role}-${randomUUID()}@example.test`;
			const password = "a password of its own";
			const account = await newAccountStatements({ plan, name: role, email, password });
			const scopes: Scope[] = ["chart:read", "chart:write"];
			const issued = await newKeyStatement({ accountId: account.accountId, scopes, name: role });
			await execute(server.target, [...account.statements, issued.statement]);
			return { role, accountId: account.accountId, workspaceId: account.workspaceId, plan, key: issued.key, email, password };
		},
		api: callApi,
		async stop() {
			await browser.close();
			await server.stop();
		},
	};
}

/** No horizontal scrolling: the page fits its viewport's width (docs/design.md#console-checks). */
export async function assertNoHorizontalOverflow(page: Page, what: string): Promise<void> {
	const { scrollWidth, innerWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
	}));
	assert.ok(scrollWidth <= innerWidth, `${what} overflows horizontally: ${scrollWidth} px wide in a ${innerWidth} px window`);
}
