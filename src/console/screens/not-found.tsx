/** A URL that names no screen: say so and offer the way back. */
import { Link } from "../lib/router";

export function NotFoundScreen() {
	return (
		<section class="empty-state" aria-labelledby="not-found-title">
			<h1 id="not-found-title">This page does not exist</h1>
			<p class="muted">The link may be old, or the chart may have been deleted.</p>
			<Link class="button primary" href="/">
				Go to your charts
			</Link>
		</section>
	);
}
