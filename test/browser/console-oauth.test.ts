/**
 * An assistant that knows only the service's URL connects by signing in (docs/mcp.md, OAuth),
 * through `wrangler dev` and Chromium: the MCP SDK's own OAuth client discovers the metadata,
 * registers and hands over the authorize URL; a signed-in person sees the consent screen with the
 * client's name and where it is sent back, and allows; the client gets the code at its loopback
 * redirect URI (caught by Playwright before it leaves the browser), lists the tools and makes a
 * chart; the Keys page lists the assistant, and Disconnect ends its access at once. Also: Deny
 * sends `access_denied` back and grants nothing; a signed-out person signs in first and comes back
 * to the request; an ended request says to start again; a viewer is shown what the role forbids.
 * The consent screen and the Keys page with an assistant listed pass axe and fit 390 px, light
 * and dark; with SHOTS_DIR set, they are saved there.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { auth, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture, SignInDetails } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import type { DemoKey } from "../harness/local/seed.ts";

const port = 8866;
/** The client's redirect URI: a loopback port nothing listens on, since the browser's request is caught. */
const callbackPort = 8867;
const timeout = 60_000;

/** An MCP client's OAuth state in memory, as a desktop assistant keeps it; the authorize URL is handed to the test. */
class TestClient implements OAuthClientProvider {
	readonly redirectUrl = `http://127.0.0.1:${callbackPort}/callback/${randomUUID()}`;
	readonly expectedState = randomUUID();
	authorizationUrl: URL | null = null;
	private information: OAuthClientInformationMixed | undefined;
	private saved: OAuthTokens | undefined;
	private verifier = "";

	constructor(private readonly name: string) {}

	get clientMetadata(): OAuthClientMetadata {
		return {
			client_name: this.name,
			redirect_uris: [this.redirectUrl],
			grant_types: ["authorization_code", "refresh_token"],
			response_types: ["code"],
			token_endpoint_auth_method: "none",
		};
	}
	state() {
		return this.expectedState;
	}
	clientInformation() {
		return this.information;
	}
	saveClientInformation(information: OAuthClientInformationMixed) {
		this.information = information;
	}
	tokens() {
		return this.saved;
	}
	saveTokens(tokens: OAuthTokens) {
		this.saved = tokens;
	}
	redirectToAuthorization(url: URL) {
		this.authorizationUrl = url;
	}
	saveCodeVerifier(verifier: string) {
		this.verifier = verifier;
	}
	codeVerifier() {
		return this.verifier;
	}
}

describe("an assistant connects by signing in", { skip: chromiumMissing() ?? false }, () => {
	let fixture: ConsoleFixture;
	let owner: DemoKey;
	let serverUrl: string;

	/** Discovery, registration and the authorize URL, as the SDK does them knowing only the URL. */
	async function startConnecting(name: string): Promise<TestClient> {
		const client = new TestClient(name);
		assert.equal(await auth(client, { serverUrl }), "REDIRECT");
		assert.ok(client.authorizationUrl, "the SDK was not sent to authorize");
		assert.equal(client.authorizationUrl.origin + client.authorizationUrl.pathname, `${fixture.server.url}/oauth/authorize`);
		return client;
	}

	/** Opens the authorize URL in `page`; resolves with where the browser was sent back (caught before it leaves). */
	async function catchRedirect(page: Page, client: TestClient): Promise<() => Promise<URL>> {
		let resolve: (url: URL) => void = () => undefined;
		const caught = new Promise<URL>((done) => {
			resolve = done;
		});
		await page.route(`${client.redirectUrl}**`, (route) => {
			resolve(new URL(route.request().url()));
			return route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." });
		});
		return async () => {
			const url = await caught;
			// The browser lands there (the caught answer) before the page is used for anything else.
			await page.waitForURL((at) => at.href.startsWith(client.redirectUrl));
			return url;
		};
	}

	async function openConsent(page: Page, client: TestClient): Promise<void> {
		await page.goto(String(client.authorizationUrl), { waitUntil: "domcontentloaded" });
		await page.waitForURL((url) => url.pathname === "/authorize" && url.searchParams.has("request"));
		// The heading is there while the request loads; the buttons come with it.
		await page.getByRole("button", { name: "Allow" }).waitFor();
	}

	const consentText = (page: Page) => page.getByRole("main").innerText();
	const callbackHost = `127.0.0.1:${callbackPort}`;
	/** The fixture counts requests to other origins; the caught redirect is the only one expected. */
	const otherThanCallback = (problems: string[]) => problems.filter((problem) => !problem.includes(callbackHost));

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
		serverUrl = `${fixture.server.url}/mcp`;
		// A workspace of its own, so its connections are only this file's.
		owner = await fixture.newAccount("business", "oauth-owner");
	});
	after(async () => {
		await fixture?.stop();
	});

	it("allows: the client gets a code, lists tools, makes a chart; the Keys page lists it (axe, 390 px, light and dark), and Disconnect ends its access", async () => {
		const client = await startConnecting("Claude");
		const { page, context, problems } = await fixture.signedInPage(owner);
		const sentBack = await catchRedirect(page, client);
		await openConsent(page, client);
		const text = await consentText(page);
		assert.match(text, /“Claude” \(127\.0\.0\.1:8867\) asks to use Charts as you/);
		assert.match(text, /Your answer goes to a program on this computer\s+127\.0\.0\.1:8867/);
		assert.match(text, /Signed in as\s+oauth-owner-/);
		for (const scope of ["Read charts", "Write charts"]) {
			const box = page.getByRole("checkbox", { name: scope });
			assert.equal(await box.isChecked(), true, `${scope} starts ticked`);
			assert.equal(await box.isEnabled(), true, `${scope} can be unticked`);
		}
		await page.getByRole("button", { name: "Allow" }).click();
		const back = await sentBack();
		assert.equal(back.searchParams.get("state"), client.expectedState, "the client's state comes back");
		const code = back.searchParams.get("code");
		assert.ok(code, `no code in ${back}`);

		assert.equal(await auth(client, { serverUrl, authorizationCode: code }), "AUTHORIZED");
		const tokens = client.tokens();
		assert.ok(tokens?.access_token && tokens.refresh_token, "no tokens");
		const mcp = new Client({ name: "oauth-browser-test", version: "1.0.0" });
		await mcp.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: client }), { timeout });
		const { tools } = await mcp.listTools(undefined, { timeout });
		assert.ok(tools.some((tool) => tool.name === "create_chart"));
		const created = await mcp.callTool(
			{ name: "create_chart", arguments: { kind: "horizontal-bar", data: "party,seats\nGreens,12\n", meta: { title: "Made by sign-in" } } },
			undefined,
			{ timeout },
		);
		const chartId = String((created.structuredContent as { id?: string }).id);
		const stored = (await fixture.api(owner, "GET", `/v1/charts/${chartId}`)) as { meta?: { title?: string } };
		assert.equal(stored.meta?.title, "Made by sign-in", "the chart is in the person's workspace");
		await mcp.close();

		const section = page.getByRole("region", { name: "Connected assistants" });
		const row = section.getByRole("row", { name: /“Claude”/ });
		// The Keys page with the assistant listed: axe and no overflow in every mode and width.
		await inEveryVariant(page, async (where) => {
			await page.goto(`${fixture.server.url}/keys`, { waitUntil: "domcontentloaded" });
			await row.waitFor();
			await page.getByRole("region", { name: "Connect an assistant" }).getByText("Add this URL to your assistant and sign in").waitFor();
			await page.evaluate(() => document.fonts.ready);
			await assertAccessible(page, `the Keys page with a connected assistant (${where})`);
			await assertNoHorizontalOverflow(page, `the Keys page with a connected assistant (${where})`);
			const shots = process.env.SHOTS_DIR;
			if (shots) {
				await section.screenshot({ path: join(shots, `keys-connected-${where}.png`) });
				await page.screenshot({ path: join(shots, `keys-oauth-${where}.png`), fullPage: true });
			}
		});
		await page.setViewportSize({ width: 1280, height: 860 });
		assert.match(await row.innerText(), /127\.0\.0\.1:8867[\s\S]*Read charts, Write charts/);
		await row.getByRole("button", { name: "Disconnect Claude" }).click();
		const dialog = page.getByRole("dialog", { name: "Disconnect “Claude”?" });
		assert.match(await dialog.innerText(), /loses access at once/);
		await dialog.getByRole("button", { name: "Disconnect" }).click();
		await section.getByText("No assistant is connected.").waitFor();
		assert.equal(await row.count(), 0, "the row is gone");
		// Focus moves in an effect, which runs after the frame that removed the row is painted.
		await page
			.waitForFunction(() => document.activeElement?.textContent === "Connected assistants", undefined, { timeout: 10_000 })
			.catch(async () => {
				const where = await page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? "nothing");
				assert.fail(`focus goes to the section's heading when no row is left (focus is on ${where})`);
			});

		const refused = await fetch(serverUrl, {
			method: "POST",
			headers: {
				Authorization: `Bearer ${tokens.access_token}`,
				"Content-Type": "application/json",
				Accept: "application/json, text/event-stream",
			},
			body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
		});
		assert.equal(refused.status, 401, "a disconnected assistant's token still works");
		const challenge = refused.headers.get("www-authenticate") ?? "";
		assert.match(challenge, /error="invalid_token"/);
		assert.match(challenge, new RegExp(`resource_metadata="${fixture.server.url}/.well-known/oauth-protected-resource`));
		const connections = await page.evaluate(async () => (await fetch("/console/api/oauth/connections")).json());
		assert.deepEqual(connections, { connections: [] });
		assert.deepEqual(otherThanCallback(problems), []);
		await context.close();
	});

	it("signs a signed-out person in first, back to the request; Deny sends access_denied and grants nothing", async () => {
		const client = await startConnecting("Denied assistant");
		const { page, context, problems } = await fixture.signedOutPage();
		const sentBack = await catchRedirect(page, client);
		await page.goto(String(client.authorizationUrl), { waitUntil: "domcontentloaded" });
		await page.waitForURL((url) => url.pathname === "/sign-in");
		assert.match(new URL(page.url()).searchParams.get("next") ?? "", /^\/authorize\?request=/, "the request survives sign-in");
		await page.getByLabel("Email").fill(owner.email);
		await page.getByLabel("Password").fill(owner.password);
		await page.getByRole("button", { name: "Sign in" }).click();
		await page.getByRole("button", { name: "Deny" }).waitFor();
		assert.match(await consentText(page), /“Denied assistant”/);

		await page.getByRole("button", { name: "Deny" }).click();
		const back = await sentBack();
		assert.equal(back.searchParams.get("error"), "access_denied");
		assert.equal(back.searchParams.get("state"), client.expectedState);
		assert.equal(back.searchParams.get("code"), null, "a denial carries no code");
		await page.goto(`${fixture.server.url}/keys`, { waitUntil: "domcontentloaded" });
		await page.getByRole("region", { name: "Connected assistants" }).getByText("No assistant is connected.").waitFor();
		assert.deepEqual(otherThanCallback(problems), []);
		await context.close();
	});

	it("says an ended request is to be started again from the assistant", async () => {
		const { page, context, problems } = await fixture.signedInPage(owner);
		await page.goto(`${fixture.server.url}/authorize?request=oar_no_such_request`, { waitUntil: "domcontentloaded" });
		await page.getByRole("heading", { name: "This sign-in request has ended", level: 1 }).waitFor();
		assert.match(await consentText(page), /Start connecting again from your assistant\./);
		assert.equal(await page.getByRole("button", { name: "Allow" }).count(), 0);
		// The 404 behind the message is the browser's to log; nothing else went wrong.
		assert.deepEqual(
			problems.filter((problem) => !problem.includes("404")),
			[],
		);
		await context.close();
	});

	/** Every mode and width on one signed-in page: signing in again for each would only repeat the password's work. */
	async function inEveryVariant(page: Page, check: (where: string) => Promise<void>): Promise<void> {
		for (const mode of ["light", "dark"] as const) {
			for (const width of [1280, 390]) {
				await page.emulateMedia({ colorScheme: mode });
				await page.setViewportSize({ width, height: 860 });
				await check(`${mode}-${width}`);
			}
		}
	}

	it("shows a viewer what the role does not allow, disabled with the reason; axe and 390 px, light and dark", async () => {
		// Invited by the demo's owner, whose key may invite (this file's own account's key may not).
		const viewer: SignInDetails = await fixture.newMember(fixture.demo.editor, "viewer");
		const client = await startConnecting("Claude");
		const { page, context, problems } = await fixture.signedInPage(viewer);
		await inEveryVariant(page, async (where) => {
			await openConsent(page, client);
			const write = page.getByRole("checkbox", { name: "Write charts" });
			assert.equal(await write.isDisabled(), true, "Write charts is not the viewer's to give");
			assert.equal(await write.isChecked(), false);
			assert.match(await write.evaluate((box) => box.getAttribute("aria-describedby") ?? ""), /consent-refusal/);
			assert.match(await page.locator("#consent-refusal").innerText(), /Not for a viewer in this workspace/);
			assert.equal(await page.getByRole("checkbox", { name: "Read charts" }).isChecked(), true);
			assert.match(await consentText(page), /Your role\s+Viewer/);
			await page.evaluate(() => document.fonts.ready);
			await assertAccessible(page, `the consent screen (${where})`);
			await assertNoHorizontalOverflow(page, `the consent screen (${where})`);
			const shots = process.env.SHOTS_DIR;
			if (shots) await page.screenshot({ path: join(shots, `consent-${where}.png`), fullPage: true });
		});
		assert.deepEqual(problems, []);
		await context.close();
	});
});
