/**
 * `npm run screenshots`: every console screen in light and dark at 1280 and 390 px, written to
 * `docs/screenshots/<screen>-<mode>-<width>.png` from a throwaway `wrangler dev` with the demo
 * workspace (docs/design.md#console-checks): sign-in, the chart list, the editor's five steps,
 * account, Keys on a paid plan and on the Free plan, the page that does not exist, Team and
 * Activity, a viewer's editor, and the screens outside the shell (an invitation, forgot and reset
 * password, sign-up, the local outbox; with sign-up open and the outbox on). The themes
 * list and the studio: scripts/screenshots-themes.ts. Look at them before calling a screen done.
 */
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { startConsole } from "../test/harness/browser/console-fixture.ts";

const outDir = "docs/screenshots";
const widths = [1280, 390] as const;
const modes = ["light", "dark"] as const;

interface Shot {
	name: string;
	/** Opens the screen on a signed-in page (or a signed-out one for sign-in). */
	open(page: Page, base: string): Promise<void>;
	/** Who sees it: the demo editor (Business plan, the workspace's owner) unless signed out, the Free account or a viewer. */
	as?: "signed-out" | "free" | "viewer";
}

/** Lets lazy chunks, fonts and the preview's drawing settle before the picture. */
async function settle(page: Page): Promise<void> {
	await page.waitForLoadState("networkidle");
	await page.evaluate(() => document.fonts.ready);
	await page.waitForTimeout(600);
}

const fixture = await startConsole(8789, { vars: { MAIL_OUTBOX: "local", SIGN_UP: "open" } });
try {
	const charts = (await fixture.api(fixture.demo.editor, "GET", "/v1/charts?search=Seats")) as { charts: { id: string }[] };
	const chartId = charts.charts[0]?.id;
	if (!chartId) throw new Error("the demo workspace has no 'Seats by party' chart");
	const editorStep = (step: string): Shot => ({
		name: `editor-${step.toLowerCase()}`,
		async open(page, base) {
			await page.goto(`${base}/charts/${chartId}`);
			await page.getByRole("tab", { name: step }).click();
		},
	});
	const shots: Shot[] = [
		{ name: "sign-in", as: "signed-out", open: (page, base) => page.goto(`${base}/sign-in`).then(() => undefined) },
		{ name: "charts", open: (page, base) => page.goto(`${base}/`).then(() => undefined) },
		editorStep("Data"),
		editorStep("Chart"),
		editorStep("Refine"),
		editorStep("Publish"),
		editorStep("History"),
		{ name: "account", open: (page, base) => page.goto(`${base}/account`).then(() => undefined) },
		{ name: "keys", open: (page, base) => page.goto(`${base}/keys`).then(() => undefined) },
		{ name: "keys-free", as: "free", open: (page, base) => page.goto(`${base}/keys`).then(() => undefined) },
		{ name: "not-found", open: (page, base) => page.goto(`${base}/no-such-page`).then(() => undefined) },
	];
	const viewer = await fixture.newMember(fixture.demo.editor, "viewer");
	const invitation = await fixture.api(fixture.demo.editor, "POST", "/v1/team/invitations", {
		email: "cy@newsroom.example",
		role: "editor",
	});
	const invitePath = new URL(String(invitation.inviteUrl)).pathname;
	await fetch(`${fixture.server.url}/auth/password-reset`, {
		method: "POST",
		headers: { "Content-Type": "application/json" },
		body: JSON.stringify({ email: fixture.demo.teammate.email }),
	});
	const at = (path: string) => (page: Page, base: string) => page.goto(`${base}${path}`).then(() => undefined);
	shots.push(
		{ name: "team", open: at("/team") },
		{ name: "activity", open: at("/activity") },
		{ name: "editor-viewer", as: "viewer", open: at(`/charts/${chartId}`) },
		{ name: "invite", as: "signed-out", open: at(invitePath) },
		{ name: "forgot-password", as: "signed-out", open: at("/forgot-password") },
		{ name: "reset-password", as: "signed-out", open: at("/reset-password/a-link-from-a-mail") },
		{ name: "sign-up", as: "signed-out", open: at("/sign-up") },
		{ name: "outbox", as: "signed-out", open: at("/outbox") },
	);
	/** `npm run screenshots -- team activity`: only the shots named. */
	const only = process.argv.slice(2);
	const chosen = only.length > 0 ? shots.filter((shot) => only.includes(shot.name)) : shots;
	await mkdir(outDir, { recursive: true });
	for (const mode of modes) {
		for (const width of widths) {
			const signed = await fixture.signedInPage(fixture.demo.editor, { width, mode, height: 860 });
			const free = await fixture.signedInPage(fixture.demo.free, { width, mode, height: 860 });
			const viewing = await fixture.signedInPage(viewer, { width, mode, height: 860 });
			const signedOut = await fixture.browser.newContext({ viewport: { width, height: 860 }, colorScheme: mode });
			for (const shot of chosen) {
				const page =
					shot.as === "signed-out"
						? await signedOut.newPage()
						: shot.as === "free"
							? free.page
							: shot.as === "viewer"
								? viewing.page
								: signed.page;
				await shot.open(page, fixture.server.url);
				await settle(page);
				const path = `${outDir}/${shot.name}-${mode}-${width}.png`;
				await page.screenshot({ path, fullPage: true });
				console.log(`wrote ${path}`);
			}
			const problems = [...signed.problems, ...free.problems, ...viewing.problems];
			if (problems.length > 0) console.warn(`problems seen (${mode}, ${width} px):\n  ${problems.join("\n  ")}`);
			await signed.context.close();
			await free.context.close();
			await viewing.context.close();
			await signedOut.close();
		}
	}
} finally {
	await fixture.stop();
}
