/**
 * The published chart's embed link and code, each with a copy button; where the clipboard is
 * not allowed the code is selected for Ctrl+C / Cmd+C instead.
 */
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { Icon } from "../../../../components/icon";
import { announce } from "../../../../lib/announce";
import type { EmbedSnippets } from "./embed-code";

export function EmbedCode({ url, snippets }: { url: string; snippets: EmbedSnippets }) {
	const id = useId();
	// Fitting the frame to its content needs the host page to run our loader; some CMSs strip scripts.
	const [fitted, setFitted] = useState(true);
	const snippet = fitted ? snippets.responsiveIframe : snippets.iframe;
	const area = useRef<HTMLTextAreaElement>(null);
	const [copied, setCopied] = useState<"code" | "link" | null>(null);
	const [fallback, setFallback] = useState(false);
	useEffect(() => {
		if (!copied) return;
		const timer = window.setTimeout(() => setCopied(null), 2500);
		return () => window.clearTimeout(timer);
	}, [copied]);
	const copy = async (what: "code" | "link") => {
		const text = what === "code" ? snippet : url;
		try {
			if (!navigator.clipboard) throw new Error("no clipboard");
			await navigator.clipboard.writeText(text);
			setFallback(false);
			setCopied(what);
			announce(what === "code" ? "Embed code copied" : "Link copied");
		} catch {
			// Without clipboard access the code is selected, for Ctrl+C / Cmd+C.
			setFallback(true);
			if (what === "code") {
				area.current?.focus();
				area.current?.select();
			}
			announce("Copying was not allowed. The embed code is selected: press Ctrl+C or Cmd+C to copy it.");
		}
	};
	return (
		<div class="embed">
			<div class="field">
				<span class="field-label">Embed link</span>
				<div class="embed-link-row">
					<a class="embed-link" href={url} target="_blank" rel="noopener noreferrer">
						<span class="embed-url">{url}</span>
						<Icon name="external" label="(opens in a new tab)" />
					</a>
					<button type="button" class="button quiet" onClick={() => void copy("link")}>
						{copied === "link" ? <Icon name="check" /> : <Icon name="copy" />}
						{copied === "link" ? "Copied" : "Copy link"}
					</button>
				</div>
			</div>
			<div class="field">
				<label for={id}>Embed code</label>
				<textarea
					ref={area}
					id={id}
					class="textarea code"
					rows={4}
					readOnly
					value={snippet}
					onFocus={(event) => (event.currentTarget as HTMLTextAreaElement).select()}
					aria-describedby={`${id}-hint`}
				/>
				<label class="checkbox">
					<input type="checkbox" checked={fitted} onChange={(event) => setFitted(event.currentTarget.checked)} />
					Fit the frame to the chart’s height (adds a small script)
				</label>
				<p class="hint" id={`${id}-hint`}>
					Paste it into your article’s HTML. The chart resizes with the page.{" "}
					{fitted
						? "If your site removes scripts, untick the box: the frame then keeps the chart’s aspect ratio."
						: "The frame keeps the chart’s aspect ratio."}
				</p>
			</div>
			<div class="row">
				<button type="button" class="button primary" onClick={() => void copy("code")}>
					<Icon name={copied === "code" ? "check" : "copy"} />
					Copy embed code
				</button>
				<span class="copy-state" aria-live="polite">
					{copied === "code" ? (
						<span class="ok-text">
							<Icon name="check" /> Copied
						</span>
					) : fallback ? (
						<span class="muted">Selected — press Ctrl+C (⌘C on a Mac) to copy.</span>
					) : null}
				</span>
			</div>
		</div>
	);
}
