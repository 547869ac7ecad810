/**
 * The console's sign-in, session and account in a real browser (Debian's chromium through
 * playwright-core) against a real `wrangler dev` with the demo workspace: signed-out visits go
 * to sign-in and come back after, a wrong password says so, every plan can sign in, signing out
 * ends the session; the screens pass axe in light and dark and fit 390 px without horizontal
 * scrolling. Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { eventually } from "../harness/browser/eventually.ts";
import { screenVariants } from "../harness/browser/screen-variants.ts";
import { createAccount } from "../harness/local/admin-ops.ts";

const skip = chromiumMissing() ?? false;

describe("console sign-in and account in a browser", { skip }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(8796, { demoCharts: false });
	});

	after(async () => {
		await fixture?.stop();
	});

	it("sends a signed-out visit to sign-in and back to the screen asked for", async () => {
		const context = await fixture.browser.newContext({ viewport: { width: 1280, height: 860 } });
		const page = await context.newPage();
		const problems: string[] = [];
		page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
		page.on("pageerror", (e) => problems.push(e.message));
		await page.goto(`${fixture.server.url}/account`, { waitUntil: "domcontentloaded" });
		await page.waitForURL((url) => url.pathname === "/sign-in");
		assert.equal(new URL(page.url()).searchParams.get("next"), "/account");
		await page.getByLabel("Email").fill(fixture.demo.editor.email);
		await page.getByLabel("Password").fill("not the password");
		await page.getByRole("button", { name: "Sign in" }).click();
		const alert = page.getByRole("alert");
		await alert.waitFor();
		assert.match(await alert.innerText(), /email or password/i);
		assert.equal(new URL(page.url()).pathname, "/sign-in");
		await page.getByLabel("Password").fill(fixture.demo.editor.password);
		await page.getByRole("button", { name: "Sign in" }).click();
		await page.waitForURL((url) => url.pathname === "/account");
		await page.getByText("Demo newsroom (team)").waitFor();
		assert.match(await page.locator("main").innerText(), /editor@demo\.test[\s\S]*Business[\s\S]*Demo newsroom/);
		// A 401 from a wrong password is the API's answer, shown in the page; nothing else failed.
		assert.deepEqual(
			problems.filter((p) => !p.includes("401")),
			[],
		);
		await context.close();
	});

	it("keeps the session across reloads and ends it on sign-out", async () => {
		const { page, context, problems } = await fixture.signedInPage(fixture.demo.teammate);
		await page.goto(`${fixture.server.url}/account`, { waitUntil: "domcontentloaded" });
		await page.getByRole("heading", { name: "Account" }).waitFor();
		await page.getByRole("button", { name: /^Account: teammate@demo\.test/ }).click();
		await page.getByRole("menuitem", { name: "Sign out" }).click();
		await page.waitForURL((url) => url.pathname === "/sign-in");
		const session = await page.evaluate(async () => (await fetch("/auth/session")).status);
		assert.equal(session, 401, "the session still answers after signing out");
		await page.goto(`${fixture.server.url}/account`, { waitUntil: "domcontentloaded" });
		await page.waitForURL((url) => url.pathname === "/sign-in");
		assert.deepEqual(
			problems.filter((p) => !p.includes("401")),
			[],
		);
		await context.close();
	});

	it("signs in a Free account, whose keys the API refuses", async () => {
		const { page, context, problems } = await fixture.signedInPage(fixture.demo.free);
		await page.goto(`${fixture.server.url}/account`, { waitUntil: "domcontentloaded" });
		await page.getByText("Free", { exact: true }).waitFor();
		const listed = await page.evaluate(async () => (await fetch("/v1/charts")).status);
		assert.equal(listed, 200);
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("makes an API key, shows it once with a curl line, and revokes it", async () => {
		const { page, context, problems } = await fixture.signedInPage(fixture.demo.editor);
		await context.grantPermissions(["clipboard-read", "clipboard-write"]);
		await page.goto(`${fixture.server.url}/keys`, { waitUntil: "domcontentloaded" });
		await page.getByRole("heading", { name: "API keys" }).waitFor();
		await page.getByRole("button", { name: "New key", exact: true }).click();
		await page.getByLabel("Key name").fill("Browser test notebook");
		await page.getByRole("checkbox", { name: /Read folders/ }).check();

		// A refused create shows the API's message above the form, which keeps what was typed.
		const refusal = "Keys cannot be made right now.";
		await page.route("**/console/api/keys", (route) =>
			route.request().method() === "POST"
				? route.fulfill({
						status: 503,
						contentType: "application/json",
						body: JSON.stringify({ error: { code: "unavailable", message: refusal } }),
					})
				: route.fallback(),
		);
		await page.getByRole("button", { name: "Create key" }).click();
		await page.getByRole("dialog", { name: "New API key" }).getByRole("alert").filter({ hasText: refusal }).waitFor();
		assert.equal(await page.getByLabel("Key name").inputValue(), "Browser test notebook");
		await page.unroute("**/console/api/keys");

		await page.getByRole("button", { name: "Create key" }).click();
		const secret = page.locator("#new-key-value");
		await secret.waitFor();
		const key = (await secret.innerText()).trim();
		assert.match(key, /^cs_/);
		await page.getByRole("button", { name: "Copy key" }).click();
		// The click's handler awaits clipboard.writeText: the key is there a moment after the click, not at it.
		let clipboard = "";
		await eventually(
			"the key on the clipboard",
			async () => {
				clipboard = await page.evaluate(() => navigator.clipboard.readText());
				return clipboard === key;
			},
			5000,
		).catch(() => undefined);
		assert.equal(clipboard, key);
		assert.match(
			await page.locator(".revealed").innerText(),
			new RegExp(`curl -s ${fixture.server.url}/v1/charts -H "Authorization: Bearer ${key}"`),
		);
		const works = await fetch(`${fixture.server.url}/v1/charts`, { headers: { Authorization: `Bearer ${key}` } });
		assert.equal(works.status, 200, "the new key does not work");
		assert.ok(Array.isArray(((await works.json()) as { charts?: unknown }).charts), "the key's answer lists no charts");
		const ticked = await fetch(`${fixture.server.url}/v1/folders`, { headers: { Authorization: `Bearer ${key}` } });
		assert.equal(ticked.status, 200, "the scope ticked at creation (Read folders) was not given");

		await page.getByRole("button", { name: "I have copied it" }).click();
		await page.reload();
		const row = page.getByRole("row", { name: /Browser test notebook/ });
		await row.waitFor();
		assert.ok(!(await page.locator("main").innerText()).includes(key), "the full key is shown again after the first time");
		assert.match(await row.innerText(), /chart:read, chart:write, folder:read/);
		await page.getByRole("button", { name: "Revoke Browser test notebook" }).click();
		const dialog = page.getByRole("dialog", { name: "Revoke Browser test notebook?" });
		assert.match(await dialog.innerText(), /stop working at once/);
		await dialog.getByRole("button", { name: "Revoke key" }).click();
		await row.waitFor({ state: "detached" });
		const revoked = await fetch(`${fixture.server.url}/v1/charts`, { headers: { Authorization: `Bearer ${key}` } });
		assert.equal(revoked.status, 401, "the revoked key still works");
		// The one error the browser logs is the refused create's 503.
		assert.deepEqual(
			problems.filter((p) => !p.includes("503")),
			[],
		);
		await context.close();
	});

	it("tells a Free account why it has no keys", async () => {
		const { page, context, problems } = await fixture.signedInPage(fixture.demo.free);
		await page.goto(`${fixture.server.url}/keys`, { waitUntil: "domcontentloaded" });
		await page.getByText("API keys need the Professional or Business plan.").waitFor();
		assert.equal(await page.getByRole("button", { name: "New key", exact: true }).count(), 0);
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("changes the password, which signs out other sessions, and signs out everywhere", async () => {
		const email = "changer@example.test";
		const oldPassword = "the first password";
		const newPassword = "the second password";
		await createAccount(fixture.server.target, { plan: "starter", email, password: oldPassword });
		const who = { ...fixture.demo.editor, email, password: oldPassword };
		const other = await fixture.signedInPage(who);
		const { page, context, problems } = await fixture.signedInPage(who);
		await page.goto(`${fixture.server.url}/account`, { waitUntil: "domcontentloaded" });
		await page.getByLabel("Current password").fill("not it at all");
		await page.getByLabel("New password").fill(newPassword);
		await page.getByRole("button", { name: "Change password" }).click();
		assert.match(await page.getByRole("alert").innerText(), /The current password is not right\./);
		await page.getByLabel("Current password").fill(oldPassword);
		await page.getByRole("button", { name: "Change password" }).click();
		await page.getByText("Password changed.").waitFor();
		assert.equal(await other.page.evaluate(async () => (await fetch("/auth/session")).status), 401, "the other session survived");
		assert.equal(await page.evaluate(async () => (await fetch("/auth/session")).status), 200, "this session ended");
		const signIn = (password: string) =>
			fetch(`${fixture.server.url}/auth/sign-in`, {
				method: "POST",
				headers: { "Content-Type": "application/json" },
				body: JSON.stringify({ email, password }),
			}).then((res) => res.status);
		assert.equal(await signIn(oldPassword), 401);

		const third = await fixture.signedInPage({ ...who, password: newPassword });
		await page.getByRole("button", { name: "Sign out everywhere" }).click();
		await page.getByRole("dialog", { name: "Sign out everywhere?" }).getByRole("button", { name: "Sign out everywhere" }).click();
		await page.waitForURL((url) => url.pathname === "/sign-in");
		assert.equal(await third.page.evaluate(async () => (await fetch("/auth/session")).status), 401, "another device is still signed in");
		assert.deepEqual(
			problems.filter((p) => !p.includes("401")),
			[],
		);
		await Promise.all([context.close(), other.context.close(), third.context.close()]);
	});

	for (const { mode, width } of screenVariants()) {
		it(`passes axe and fits the window on sign-in and account, ${mode}, ${width} px`, async () => {
			const context = await fixture.browser.newContext({ viewport: { width, height: 860 }, colorScheme: mode });
			// As in the fixture: a navigation may take 90 s on a loaded machine.
			context.setDefaultNavigationTimeout(90_000);
			const page = await context.newPage();
			await page.goto(`${fixture.server.url}/sign-in`, { waitUntil: "domcontentloaded" });
			await page.getByRole("heading", { name: "Sign in" }).waitFor();
			assert.equal(await page.evaluate(() => document.documentElement.dataset.mode), mode);
			await assertAccessible(page, `sign-in (${mode}, ${width} px)`);
			await assertNoHorizontalOverflow(page, `sign-in (${mode}, ${width} px)`);
			await context.close();

			const signed = await fixture.signedInPage(fixture.demo.editor, { width, mode });
			await signed.page.goto(`${fixture.server.url}/account`, { waitUntil: "domcontentloaded" });
			await signed.page.getByRole("heading", { name: "Account" }).waitFor();
			await signed.page.getByText("Demo newsroom (team)").waitFor();
			await assertAccessible(signed.page, `account (${mode}, ${width} px)`);
			await assertNoHorizontalOverflow(signed.page, `account (${mode}, ${width} px)`);
			await signed.page.goto(`${fixture.server.url}/keys`, { waitUntil: "domcontentloaded" });
			await signed.page
				.getByRole("row", { name: /demo editor/i })
				.first()
				.waitFor();
			await assertAccessible(signed.page, `keys (${mode}, ${width} px)`);
			await assertNoHorizontalOverflow(signed.page, `keys (${mode}, ${width} px)`);
			assert.deepEqual(signed.problems, []);
			await signed.context.close();
		});
	}
});
