/**
 * What the last action on the Charts screen did: a notice with an optional link ("Open it") and
 * Undo, or the API's message when the action was refused. One at a time; each can be dismissed.
 */
import { Icon } from "../../components/icon";
import { Link } from "../../lib/router";

export interface Notice {
	text: string;
	link?: { href: string; label: string };
	undo?: () => Promise<void>;
}

interface BannersProps {
	notice: Notice | null;
	error: string | null;
	onDismissNotice(): void;
	onDismissError(): void;
}

export function ActionBanners({ notice, error, onDismissNotice, onDismissError }: BannersProps) {
	return (
		<>
			{error && (
				<div class="banner error" role="alert">
					<span class="banner-text">{error}</span>
					<button type="button" class="button quiet" onClick={onDismissError}>
						Dismiss
					</button>
				</div>
			)}
			{notice && (
				<div class="banner ok notice">
					<span class="banner-text">{notice.text}</span>
					{notice.link && (
						<Link class="button" href={notice.link.href}>
							{notice.link.label}
						</Link>
					)}
					{notice.undo && (
						<button
							type="button"
							class="button"
							onClick={() => {
								const undo = notice.undo;
								onDismissNotice();
								void undo?.();
							}}
						>
							Undo
						</button>
					)}
					<button type="button" class="button quiet icon" aria-label="Dismiss" onClick={onDismissNotice}>
						<Icon name="close" />
					</button>
				</div>
			)}
		</>
	);
}
