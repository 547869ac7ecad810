/** A button that copies a text (a key, a command, an invitation link) and says so, or says to copy by hand when the browser refuses. */
import { useState } from "preact/hooks";
import { announce } from "../lib/announce";

export function CopyButton({ text, label, ariaLabel }: { text: string; label: string; ariaLabel?: string }) {
	const [copied, setCopied] = useState(false);
	return (
		<button
			type="button"
			class="button"
			aria-label={ariaLabel}
			onClick={async () => {
				try {
					await navigator.clipboard.writeText(text);
					setCopied(true);
					announce("Copied");
					window.setTimeout(() => setCopied(false), 2000);
				} catch {
					announce("Copying was blocked: select the text and copy it yourself.");
				}
			}}
		>
			{copied ? "Copied" : label}
		</button>
	);
}
