/**
 * What a list screen shows before and instead of its rows: grey placeholder rows while the
 * first read runs, and the refusal's message with "Try again".
 */

/** The API's refusal (or a failed change's) above the list, with a button that reads it again. */
export function RetryBanner({ message, onRetry }: { message: string; onRetry(): void }) {
	return (
		<div class="banner error" role="alert">
			<span class="banner-text">{message}</span>
			<button type="button" class="button" onClick={onRetry}>
				Try again
			</button>
		</div>
	);
}

/**
 * Placeholder rows in the list's own frame and row style, announced as busy. `list` draws them
 * as the `<ul>` the loaded list will be, so nothing jumps when the rows arrive.
 */
export function LoadingRows({
	label,
	frameClass,
	rowClass,
	list = false,
	count = 3,
}: {
	label: string;
	frameClass: string;
	rowClass: string;
	list?: boolean;
	/** About as many as the list usually holds. */
	count?: number;
}) {
	const rows = Array.from({ length: count }, (_, i) => i);
	return list ? (
		<ul class={frameClass} aria-busy="true" aria-label={label}>
			{rows.map((i) => (
				<li key={i} class={rowClass}>
					<span class="skeleton line" />
				</li>
			))}
		</ul>
	) : (
		<div class={frameClass} role="status" aria-busy="true" aria-label={label}>
			{rows.map((i) => (
				<div key={i} class={rowClass}>
					<span class="skeleton line" />
				</div>
			))}
		</div>
	);
}
