/**
 * The Keys page's "Connect an assistant" panel: first the way every current assistant takes, the
 * `/mcp` URL added in the assistant and a sign-in it sends the person through (the consent screen
 * beside this file); then, for clients that take a key, a key made for it and for each client
 * what to paste and where it goes (Claude Code's command, Claude Desktop's, Cursor's and VS
 * Code's config files) and the mcp-remote line for clients that only start local commands. While
 * a new key is shown, the snippets carry it.
 */
import { CopyButton } from "../../components/copy-button";

/**
 * Each MCP client's configuration, in the format its own documentation gives (checked
 * 2026-11-28), with the key filled in while it is shown, else a placeholder. Cursor and Claude
 * Desktop read `mcpServers`; VS Code reads a top-level `servers` whose entries say their `type`.
 */
function assistantSnippets(url: string, key: string | null) {
	const secret = key ?? "YOUR_API_KEY";
	const headers = { Authorization: `Bearer ${secret}` };
	const cursorConfig = JSON.stringify({ mcpServers: { charts: { url, headers } } }, null, 2);
	const vscodeConfig = JSON.stringify({ servers: { charts: { type: "http", url, headers } } }, null, 2);
	const claudeCodeLine = `claude mcp add --transport http charts ${url} --header "Authorization: Bearer ${secret}"`;
	// Claude Desktop's config file starts local commands only: mcp-remote bridges them to /mcp. The
	// header is passed through an environment variable, as mcp-remote advises (spaces in args break on Windows).
	const desktopConfig = JSON.stringify(
		{
			mcpServers: {
				charts: {
					command: "npx",
					// biome-ignore lint/suspicious/noTemplateCurlyInString: an environment variable Claude Desktop expands
					args: ["mcp-remote", url, "--header", "Authorization:${CHARTS_AUTH}"],
					env: { CHARTS_AUTH: `Bearer ${secret}` },
				},
			},
		},
		null,
		2,
	);
	// biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable the user sets to the key
	const stdioLine = `npx mcp-remote ${url} --header "Authorization: Bearer ${key ?? "${CHARTS_API_KEY}"}"`;
	return { cursorConfig, vscodeConfig, claudeCodeLine, desktopConfig, stdioLine };
}

function Snippet({ label, hint, text, copyLabel }: { label: string; hint?: string; text: string; copyLabel: string }) {
	return (
		<div class="snippet">
			<div class="snippet-head">
				<span class="field-label">{label}</span>
				<CopyButton text={text} label={copyLabel} />
			</div>
			{hint && <p class="hint">{hint}</p>}
			<pre class="secret snippet-code">
				<code>{text}</code>
			</pre>
		</div>
	);
}

/** The steps of connecting by URL in each assistant, as its own documentation names them (checked 2026-11-28). */
function SignInSteps({ url }: { url: string }) {
	const claudeCodeLine = `claude mcp add --transport http charts ${url}`;
	return (
		<div class="connect-step">
			<h3>Add this URL to your assistant and sign in</h3>
			<div class="secret-row">
				<span class="field-label">Server URL</span>
				<code class="secret">{url}</code>
				<CopyButton text={url} label="Copy URL" />
			</div>
			<ul class="connect-where">
				<li>
					<strong>Claude</strong> (claude.ai and Claude Desktop): Settings, Connectors, Add custom connector.
				</li>
				<li>
					<strong>ChatGPT</strong>: Settings, Apps &amp; Connectors, Advanced settings, Developer mode, then Create; choose OAuth.
				</li>
				<li>
					<strong>Cursor</strong> and <strong>VS Code</strong>: a server entry with only the <code>url</code>; the editor asks you to sign
					in.
				</li>
			</ul>
			<Snippet
				label="Claude Code, signing in"
				hint="Run in a terminal, then /mcp in Claude Code to sign in."
				text={claudeCodeLine}
				copyLabel="Copy command"
			/>
			<p class="hint">
				The assistant opens this console in your browser: check its name and where you are sent back, tick what it may do, and Allow. It is
				then listed under Connected assistants, where you can disconnect it. Claude.ai and ChatGPT reach the server from the internet, so
				this works for them only at a public https address.
			</p>
		</div>
	);
}

function KeySnippets({ url, revealedKey, onNewKey }: { url: string; revealedKey: string | null; onNewKey(): void }) {
	const { cursorConfig, vscodeConfig, claudeCodeLine, desktopConfig, stdioLine } = assistantSnippets(url, revealedKey);
	return (
		<div class="connect-step">
			<div class="connect-head">
				<div>
					<h3>Or use an API key</h3>
					<p class="muted">
						For clients that take a key rather than a sign-in. The assistant uses it as a script does: with only Read charts it can look but
						not change anything.
					</p>
				</div>
				<button type="button" class="button" onClick={onNewKey}>
					New key for an assistant
				</button>
			</div>
			{revealedKey === null && (
				<p class="hint">
					Replace <code>YOUR_API_KEY</code> with a key. A new key is filled in below while it is shown.
				</p>
			)}
			<Snippet
				label="Claude Code"
				hint="Run in a terminal. Add --scope user to have it in every project."
				text={claudeCodeLine}
				copyLabel="Copy command"
			/>
			<Snippet
				label="Claude Desktop"
				hint="In claude_desktop_config.json (Settings, Developer, Edit config). Needs Node.js for npx."
				text={desktopConfig}
				copyLabel="Copy config"
			/>
			<Snippet
				label="Cursor"
				hint="In ~/.cursor/mcp.json for every project, or .cursor/mcp.json in one project's folder."
				text={cursorConfig}
				copyLabel="Copy config"
			/>
			<Snippet
				label="VS Code"
				hint="In .vscode/mcp.json in your workspace, or for every workspace through the command MCP: Open User Configuration. VS Code's list is a top-level servers key, not mcpServers."
				text={vscodeConfig}
				copyLabel="Copy config"
			/>
			<div class="snippet">
				<span class="field-label">ChatGPT</span>
				<p class="hint">
					ChatGPT's connectors sign in with OAuth or with nothing and have no place for an API key, so with a key ChatGPT cannot connect to
					this server yet: add the URL and sign in, as above.
				</p>
			</div>
			<Snippet label="Clients that only run local commands" text={stdioLine} copyLabel="Copy command" />
		</div>
	);
}

/**
 * How to connect an AI assistant to the MCP server: by its URL and a sign-in, or with a key.
 */
export function ConnectAssistant({ revealedKey, onNewKey }: { revealedKey: string | null; onNewKey(): void }) {
	const url = `${window.location.origin}/mcp`;
	return (
		<section class="connect-assistant panel" aria-labelledby="connect-title">
			<div>
				<h2 id="connect-title">Connect an assistant</h2>
				<p class="muted">
					Claude, ChatGPT, Cursor or VS Code can find statistics, make charts from your data, show them in the chat and publish them through
					this service's MCP server. Each tool call counts against the account's per-minute limit.
				</p>
			</div>
			<SignInSteps url={url} />
			<KeySnippets url={url} revealedKey={revealedKey} onNewKey={onNewKey} />
		</section>
	);
}
