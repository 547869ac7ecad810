/**
 * axe-core on the console screens no other browser file checks in both modes (Done
 * when: 0 serious or critical on every screen): the chart list, the editor's Refine, Publish and
 * History steps, the Keys screen on the Free plan, the page that does not exist, Team and Activity,
 * a viewer's editor, and the screens outside the shell (an invitation, forgot and reset password,
 * sign-up, the local outbox), each light
 * and dark at 1280 and 390 px (`npm test` two of those, CI's rest tier the other two:
 * lib/screen-variants.ts), and none wider than its window. (Sign-in, account and Keys on a
 * paid plan: console.test.ts; themes and the studio: console-themes.test.ts; the Data and Chart
 * steps: console-editor.test.ts.) One `wrangler dev` for all of them.
 * Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture, SignInDetails } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { screenVariants } from "../harness/browser/screen-variants.ts";

const port = 8977;
const skip = chromiumMissing() ?? false;

/**
 * Lets lazy chunks, the screen's data and the preview's drawing settle before axe reads the page.
 * "networkidle" is reached once per document, so after a tab is clicked in the same page it waits
 * for nothing: what a screen still loads shows as `aria-busy="true"` (the console's loading
 * states, e.g. the History step's "Loading versions"), waited out here.
 */
async function settle(page: Page): Promise<void> {
	await page.waitForLoadState("networkidle");
	await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 30_000 });
	await page.evaluate(() => document.fonts.ready);
}

describe("every console screen passes axe in light and dark", { skip }, () => {
	let fixture: ConsoleFixture;
	let chartId: string;
	let viewer: SignInDetails;
	let inviteUrl: string;

	before(async () => {
		// Sign-up open and the local outbox on, so their screens are drawn as people see them.
		fixture = await startConsole(port, { vars: { MAIL_OUTBOX: "local", SIGN_UP: "open" } });
		const found = (await fixture.api(fixture.demo.editor, "GET", "/v1/charts?search=Seats")) as { charts: { id: string }[] };
		chartId = found.charts[0]?.id ?? "";
		assert.ok(chartId, "the demo workspace has no 'Seats by party' chart");
		viewer = await fixture.newMember(fixture.demo.editor, "viewer");
		const invitation = await fixture.api(fixture.demo.editor, "POST", "/v1/team/invitations", {
			email: `axe-${Date.now()}@example.test`,
			role: "editor",
		});
		inviteUrl = String(invitation.inviteUrl);
		// A reset asked for, so the outbox has a mail to show.
		await fetch(`${fixture.server.url}/auth/password-reset`, {
			method: "POST",
			headers: { "Content-Type": "application/json" },
			body: JSON.stringify({ email: fixture.demo.teammate.email }),
		});
	});
	after(async () => {
		await fixture?.stop();
	});

	for (const { mode, width } of screenVariants()) {
		const where = `${mode}, ${width} px`;
		it(`the chart list, the editor's later steps and the page that does not exist (${where})`, async () => {
			const { page, context, problems } = await fixture.signedInPage(fixture.demo.editor, { width, mode });
			await page.goto(`${fixture.server.url}/`, { waitUntil: "domcontentloaded" });
			// At 390 px the heading is the folder picker's to show; it is there for screen readers.
			await page.getByRole("heading", { level: 1 }).waitFor({ state: "attached" });
			await page
				.getByRole("link", { name: /Seats by party/ })
				.first()
				.waitFor();
			await settle(page);
			await assertAccessible(page, `the chart list (${where})`);
			await assertNoHorizontalOverflow(page, `the chart list (${where})`);

			await page.goto(`${fixture.server.url}/charts/${chartId}`, { waitUntil: "domcontentloaded" });
			await page.locator(".preview-drawing svg").waitFor();
			for (const step of ["Refine", "Publish", "History"]) {
				await page.getByRole("tab", { name: step }).click();
				// This step's panel (labelled by its tab), not the one before it still on screen.
				await page.getByRole("tabpanel", { name: step }).waitFor();
				await settle(page);
				await assertAccessible(page, `the ${step} step (${where})`);
				await assertNoHorizontalOverflow(page, `the ${step} step (${where})`);
			}

			await page.goto(`${fixture.server.url}/no-such-page`, { waitUntil: "domcontentloaded" });
			await page.getByRole("heading", { name: "This page does not exist" }).waitFor();
			await assertAccessible(page, `the page that does not exist (${where})`);
			await assertNoHorizontalOverflow(page, `the page that does not exist (${where})`);
			assert.deepEqual(problems, []);
			await context.close();
		});

		it(`the Keys screen on the Free plan (${where})`, async () => {
			const { page, context, problems } = await fixture.signedInPage(fixture.demo.free, { width, mode });
			await page.goto(`${fixture.server.url}/keys`, { waitUntil: "domcontentloaded" });
			await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
			await settle(page);
			await assertAccessible(page, `the Keys screen on the Free plan (${where})`);
			await assertNoHorizontalOverflow(page, `the Keys screen on the Free plan (${where})`);
			assert.deepEqual(problems, []);
			await context.close();
		});

		it(`Team and Activity for the owner, and a viewer's editor (${where})`, async () => {
			const { page, context, problems } = await fixture.signedInPage(fixture.demo.editor, { width, mode });
			await page.goto(`${fixture.server.url}/team`, { waitUntil: "domcontentloaded" });
			await page.getByRole("table", { name: "Members of the workspace" }).waitFor();
			await page.getByRole("heading", { name: "Pending invitations" }).waitFor();
			await settle(page);
			await assertAccessible(page, `the Team page (${where})`);
			await assertNoHorizontalOverflow(page, `the Team page (${where})`);
			await page.getByRole("button", { name: "Invite people" }).click();
			await page.getByRole("dialog", { name: "Invite people" }).waitFor();
			await assertAccessible(page, `the invite dialog (${where})`);
			await page.keyboard.press("Escape");

			await page.goto(`${fixture.server.url}/activity`, { waitUntil: "domcontentloaded" });
			await page.getByRole("list", { name: "Activity, newest first" }).waitFor();
			await settle(page);
			await assertAccessible(page, `the Activity page (${where})`);
			await assertNoHorizontalOverflow(page, `the Activity page (${where})`);
			assert.deepEqual(problems, []);
			await context.close();

			const viewing = await fixture.signedInPage(viewer, { width, mode });
			await viewing.page.goto(`${fixture.server.url}/charts/${chartId}`, { waitUntil: "domcontentloaded" });
			await viewing.page.locator(".preview-drawing svg").waitFor();
			await viewing.page.getByText("You are a viewer").waitFor();
			await settle(viewing.page);
			await assertAccessible(viewing.page, `a viewer's editor (${where})`);
			await assertNoHorizontalOverflow(viewing.page, `a viewer's editor (${where})`);
			assert.deepEqual(viewing.problems, []);
			await viewing.context.close();
		});

		it(`the screens outside the shell (${where})`, async () => {
			const { page, context, problems } = await fixture.signedOutPage({ width, mode });
			const screens: [string, string, string][] = [
				["an invitation", new URL(inviteUrl).pathname, "Join"],
				["forgot password", "/forgot-password", "Reset your password"],
				["reset password", "/reset-password/a-link-from-a-mail", "Choose a new password"],
				["sign-up", "/sign-up", "Create an account"],
				["the local outbox", "/outbox", "Local outbox"],
			];
			for (const [what, path, heading] of screens) {
				await page.goto(`${fixture.server.url}${path}`, { waitUntil: "domcontentloaded" });
				await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
				await settle(page);
				await assertAccessible(page, `${what} (${where})`);
				await assertNoHorizontalOverflow(page, `${what} (${where})`);
			}
			assert.deepEqual(problems, []);
			await context.close();
		});
	}
});
