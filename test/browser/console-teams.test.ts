/**
 * Teams in the console, as people use them (docs/console.md, Teams): an owner invites someone by
 * email from the Team page and copies the link; they open it signed out, choose a password and
 * land in the workspace's charts; they edit a chart; the owner makes them a viewer, and the
 * editor shows them the chart read-only with no control that would write; the owner removes
 * them and their open console is signed out. Then someone who forgot their password asks for a
 * link, finds it in the local outbox, sets a new password and signs in with it.
 * Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { eventually } from "../harness/browser/eventually.ts";
import type { DemoKey } from "../harness/local/seed.ts";

const port = 9310;
const skip = chromiumMissing() ?? false;

async function chartTitle(fixture: ConsoleFixture, who: DemoKey, chartId: string): Promise<unknown> {
	const chart = await fixture.api(who, "GET", `/v1/charts/${chartId}`);
	return (chart.meta as { title?: unknown }).title;
}

/** The members table's row for an email. */
function memberRow(page: Page, email: string) {
	return page.getByRole("row").filter({ hasText: email });
}

describe("teams in the console", { skip }, () => {
	let fixture: ConsoleFixture;
	let owner: DemoKey;
	let chartId: string;
	const invitee = { email: `ben-${randomUUID()}@example.test`, password: "ben's long enough password" };

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false, vars: { MAIL_OUTBOX: "local" } });
		// A workspace of its own, so the members listed are the ones this file made.
		owner = await fixture.newAccount("business", "owner");
		const chart = await fixture.api(owner, "POST", "/v1/charts", {
			kind: "horizontal-bar",
			data: "party,seats\nGreens,19\nLabour,38\n",
			meta: { title: "Seats by party" },
		});
		chartId = String(chart.id);
	});
	after(async () => {
		await fixture?.stop();
	});

	it("invite, join, edit, made a viewer, removed and signed out", async () => {
		const owners = await fixture.signedInPage(owner);
		const ownerPage = owners.page;
		await ownerPage.getByRole("link", { name: "Team" }).click();
		await ownerPage.getByRole("heading", { name: "Team", level: 1 }).waitFor();
		await memberRow(ownerPage, owner.email).getByRole("cell", { name: "Owner", exact: true }).waitFor();

		// Invite by email with a role: the link is shown to copy, and the invitation is pending.
		await ownerPage.getByRole("button", { name: "Invite people" }).click();
		const invite = ownerPage.getByRole("dialog", { name: "Invite people" });
		await invite.getByLabel("Email").fill(invitee.email);
		await invite.getByRole("radio", { name: /Editor/ }).check();
		await invite.getByRole("button", { name: "Invite" }).click();
		const ready = ownerPage.getByRole("dialog", { name: "Invitation ready" });
		const link = (await ready.locator("#invite-link").textContent())?.trim() ?? "";
		assert.match(link, /\/invite\/[^/]+$/, "the invitation's link is shown to copy");
		await ready.getByText("No email was sent").or(ready.getByText("We emailed them the link too")).waitFor();
		await ready.getByRole("button", { name: "Done" }).click();
		await ownerPage
			.getByRole("listitem")
			.filter({ hasText: invitee.email })
			.getByText(/Editor · invited by/)
			.waitFor();
		await assertAccessible(ownerPage, "the Team page with a pending invitation");

		// The link, opened signed out: who invited whom where, a password to choose, then the charts.
		const joining = await fixture.signedOutPage();
		const page = joining.page;
		await page.goto(link, { waitUntil: "domcontentloaded" });
		await page.getByRole("heading", { name: /^Join / }).waitFor();
		await page.getByText(`invited ${invitee.email} to the workspace`).waitFor();
		await assertAccessible(page, "the invitation page");
		await page.getByLabel("Choose a password").fill(invitee.password);
		await page.getByRole("button", { name: /^Join / }).click();
		await page.waitForURL((url) => url.pathname === "/");
		await page
			.getByRole("link", { name: /Seats by party/ })
			.first()
			.waitFor();

		// An editor edits: the title typed is the chart's title.
		await page.goto(`${fixture.server.url}/charts/${chartId}`, { waitUntil: "domcontentloaded" });
		await page.getByLabel("Chart title").fill("Seats by party, 2026");
		await eventually("the title saved", async () => (await chartTitle(fixture, owner, chartId)) === "Seats by party, 2026");

		// The owner makes them a viewer: the editor opens read-only, with nothing that writes.
		await ownerPage.reload({ waitUntil: "domcontentloaded" });
		await ownerPage.getByLabel(`Role of ${invitee.email}`).selectOption("viewer");
		// Read with the owner's session: the file's key has only the chart scopes.
		await eventually("the new role stored", async () => {
			const { members } = await ownerPage.evaluate(
				async () => (await (await fetch("/v1/team/members")).json()) as { members: { email: string; role: string }[] },
			);
			return members.find((member) => member.email === invitee.email)?.role === "viewer";
		});

		await page.reload({ waitUntil: "domcontentloaded" });
		await page.getByRole("heading", { name: "Seats by party, 2026", level: 1 }).waitFor();
		await page.getByText("You are a viewer: you can view and export this chart.").waitFor();
		await page.getByText(`${owner.email} (the owner)`).waitFor();
		await page.locator(".preview-drawing svg").waitFor();
		for (const name of ["Publish", "Republish", "Undo", "Redo", "Add note", "Unpublish"])
			assert.equal(await page.getByRole("button", { name, exact: true }).count(), 0, `a viewer is offered ${name}`);
		assert.equal(await page.getByRole("tab").count(), 0, "a viewer sees no editing steps");
		assert.equal(await page.getByLabel("Chart title").count(), 0, "a viewer has no title to edit");
		await page
			.getByRole("button", { name: /Download/ })
			.first()
			.waitFor();
		await assertAccessible(page, "a viewer's editor");
		await assertNoHorizontalOverflow(page, "a viewer's editor");

		// Removed: a confirmation that says their charts stay; their open console is signed out.
		await memberRow(ownerPage, invitee.email)
			.getByRole("button", { name: `Actions for ${invitee.email}` })
			.click();
		await ownerPage.getByRole("menuitem", { name: "Remove from workspace" }).click();
		const confirm = ownerPage.getByRole("dialog", { name: `Remove ${invitee.email}?` });
		await confirm.getByText("Their charts stay in the workspace").waitFor();
		await confirm.getByRole("button", { name: "Remove member" }).click();
		await memberRow(ownerPage, invitee.email).waitFor({ state: "detached" });
		assert.equal(await chartTitle(fixture, owner, chartId), "Seats by party, 2026", "their edit stays");

		await page.getByRole("link", { name: "Team" }).click();
		await page.waitForURL((url) => url.pathname === "/sign-in");
		await page.getByRole("status").filter({ hasText: "You were signed out" }).waitFor();

		assert.deepEqual(
			[...owners.problems, ...joining.problems].filter((problem) => !problem.includes("401")),
			[],
		);
		await owners.context.close();
		await joining.context.close();
	});

	it("a link that no longer works says so", async () => {
		const { page, context } = await fixture.signedOutPage();
		await page.goto(`${fixture.server.url}/invite/not-a-real-token`, { waitUntil: "domcontentloaded" });
		await page.getByRole("heading", { name: "This invitation link no longer works" }).waitFor();
		await context.close();
	});

	it("a forgotten password is reset from the local outbox's mail", async () => {
		const { page, context, problems } = await fixture.signedOutPage();
		await page.goto(`${fixture.server.url}/sign-in`, { waitUntil: "domcontentloaded" });
		await page.getByRole("link", { name: "Forgot password?" }).click();
		await page.getByLabel("Email").fill(owner.email);
		await page.getByRole("button", { name: "Send the link" }).click();
		await page.getByText("If an account exists for that email, we sent a link").waitFor();
		// The answer comes before the mail, which is sent after it (waitUntil, src/auth/password-reset.ts),
		// and the outbox screen reads its list once: open it when the mail is there.
		await eventually("the reset mail in the local outbox", async () => {
			const outbox = (await (await fetch(`${fixture.server.url}/auth/outbox`)).json()) as { mail: { to: string; links: string[] }[] };
			return outbox.mail.some((sent) => sent.to === owner.email && sent.links.some((link) => link.includes("/reset-password/")));
		});

		await page.getByRole("link", { name: "Open the local outbox" }).click();
		await page.getByRole("heading", { name: "Local outbox", level: 1 }).waitFor();
		const mail = page
			.getByRole("listitem")
			.filter({ hasText: `To ${owner.email}` })
			.first();
		await mail.waitFor();
		await assertAccessible(page, "the local outbox");
		await mail.getByRole("link", { name: /\/reset-password\// }).click();

		await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
		const newPassword = "a brand new password for the owner";
		await page.getByLabel("New password", { exact: true }).fill(newPassword);
		await page.getByRole("button", { name: "Save the new password" }).click();
		await page.waitForURL((url) => url.pathname === "/sign-in");
		await page.getByText("Your password was changed").waitFor();

		await page.getByLabel("Email").fill(owner.email);
		await page.getByLabel("Password").fill(newPassword);
		await page.getByRole("button", { name: "Sign in" }).click();
		await page.waitForURL((url) => url.pathname === "/");
		assert.deepEqual(problems, []);
		await context.close();
	});
});
