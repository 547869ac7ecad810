/** A time in words ("2 hr. ago", "in 6 days") with the exact time on hover, or a word for never. */
import { exactTime, timeAgo } from "../lib/format";

export function When({ iso, never }: { iso: string | null; never: string }) {
	if (!iso) return <span class="muted">{never}</span>;
	return (
		<time dateTime={iso} title={exactTime(iso)}>
			{timeAgo(iso)}
		</time>
	);
}
