/**
 * The Keys page's "Connect an assistant" panel: the /mcp URL, the configurations for
 * clients that connect by URL, for Claude Desktop and for mcp-remote; a key made for an assistant
 * (its name and scopes preset) fills them in while it is shown. Light and dark, 1280 and 390 px:
 * axe finds nothing serious and nothing overflows. With SHOTS_DIR set, it saves screenshots there.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";

const port = 8845;

describe("Keys page: connect an assistant", { skip: chromiumMissing() ?? false }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
	});

	after(async () => {
		await fixture?.stop();
	});

	it("shows the MCP URL and configs, and fills in a new assistant key while it is shown", async () => {
		const { page, context, problems } = await fixture.signedInPage(fixture.demo.editor);
		await page.goto(`${fixture.server.url}/keys`);
		const panel = page.getByRole("region", { name: "Connect an assistant" });
		await panel.waitFor();
		const mcpUrl = `${fixture.server.url}/mcp`;
		const text = await panel.innerText();
		assert.ok(text.includes(mcpUrl), "the panel names the /mcp URL");
		assert.ok(text.includes(`"Authorization": "Bearer YOUR_API_KEY"`), "the URL config has a placeholder key");
		assert.ok(text.includes(`npx mcp-remote ${mcpUrl} --header "Authorization: Bearer \${CHARTS_API_KEY}"`));
		// Each snippet says where it goes, in that client's own format.
		assert.ok(text.includes(".vscode/mcp.json"), "VS Code's file is named");
		assert.ok(text.includes("~/.cursor/mcp.json"), "Cursor's file is named");
		assert.ok(text.includes("claude_desktop_config.json"), "Claude Desktop's file is named");
		assert.ok(text.includes(`claude mcp add --transport http charts ${mcpUrl} --header "Authorization: Bearer YOUR_API_KEY"`));
		const vscode = JSON.parse(
			await panel
				.locator(".snippet", { has: page.getByText("VS Code", { exact: true }) })
				.locator("code")
				.innerText(),
		) as { servers?: Record<string, { type?: string; url?: string }>; mcpServers?: unknown };
		assert.deepEqual(Object.keys(vscode), ["servers"], "VS Code's config has a top-level servers key");
		assert.equal(vscode.servers?.charts?.type, "http");
		assert.equal(vscode.servers?.charts?.url, mcpUrl);
		assert.match(text, /ChatGPT's connectors .* cannot connect to this server yet/);

		await panel.getByRole("button", { name: "New key for an assistant" }).click();
		const dialog = page.getByRole("dialog", { name: "New API key" });
		assert.equal(await dialog.getByLabel("Key name").inputValue(), "AI assistant");
		for (const scope of ["Read charts", "Write charts", "Read folders", "Read themes"]) {
			assert.equal(await dialog.getByRole("checkbox", { name: new RegExp(`^${scope}`) }).isChecked(), true, scope);
		}
		assert.equal(await dialog.getByRole("checkbox", { name: /^Write folders/ }).isChecked(), false);
		await dialog.getByRole("button", { name: "Create key" }).click();
		const key = (await page.locator("#new-key-value").innerText()).trim();
		assert.match(key, /^cs_/);
		await page.getByText(`npx mcp-remote ${mcpUrl} --header "Authorization: Bearer ${key}"`).waitFor();
		assert.ok((await panel.innerText()).includes(`"CHARTS_AUTH": "Bearer ${key}"`), "the Claude Desktop config carries the key");

		// The key the panel shows works on /mcp: initialize answers, tools are listed.
		const answer = await fetch(mcpUrl, {
			method: "POST",
			headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
			body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
		});
		assert.equal(answer.status, 200);
		assert.match(await answer.text(), /"create_chart"/);

		await page.getByRole("button", { name: "I have copied it" }).click();
		await panel.getByText("Bearer YOUR_API_KEY").first().waitFor();
		assert.deepEqual(problems, []);
		await context.close();
	});

	for (const mode of ["light", "dark"] as const) {
		for (const width of [1280, 390]) {
			it(`passes axe and fits the window, ${mode}, ${width} px`, async () => {
				const { page, context, problems } = await fixture.signedInPage(fixture.demo.editor, { width, mode });
				await page.goto(`${fixture.server.url}/keys`);
				await page.getByRole("region", { name: "Connect an assistant" }).waitFor();
				await assertAccessible(page, `keys with the assistant panel (${mode}, ${width} px)`);
				await assertNoHorizontalOverflow(page, `keys with the assistant panel (${mode}, ${width} px)`);
				const shots = process.env.SHOTS_DIR;
				if (shots) await page.screenshot({ path: join(shots, `keys-assistant-${mode}-${width}.png`), fullPage: true });
				assert.deepEqual(problems, []);
				await context.close();
			});
		}
	}

	it("is not shown to an account whose plan has no API access", async () => {
		const { page, context } = await fixture.signedInPage(fixture.demo.free);
		await page.goto(`${fixture.server.url}/keys`);
		await page.getByText("API keys need the Professional or Business plan.").waitFor();
		assert.equal(await page.getByRole("region", { name: "Connect an assistant" }).count(), 0);
		await context.close();
	});
});
