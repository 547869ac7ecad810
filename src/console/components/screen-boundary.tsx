/**
 * Catches what a screen throws while it draws, so a bug in one screen shows a short message with
 * a way back (the charts list, or Reload) instead of a blank page; the header and its menus keep
 * working. The error goes to the browser's console for whoever reports it. The app keys this by
 * path, so going to another screen starts clean.
 */
import type { ComponentChildren } from "preact";
import { Component } from "preact";
import { Link } from "../lib/router";
import type { BoundaryState } from "./screen-failure";
import { caught, failureDetail } from "./screen-failure";

interface BoundaryProps {
	children: ComponentChildren;
}

export class ScreenBoundary extends Component<BoundaryProps, BoundaryState> {
	state: BoundaryState = { error: null };

	static getDerivedStateFromError(error: unknown): BoundaryState {
		return caught(error);
	}

	componentDidCatch(error: unknown): void {
		console.error("This console screen failed while drawing:", error);
	}

	render() {
		if (!this.state.error) return this.props.children;
		// Leaving by the link starts the screen afresh, even when the link goes where it already is.
		return <ScreenFailed detail={failureDetail(this.state.error)} onLeave={() => this.setState({ error: null })} />;
	}
}

function ScreenFailed({ detail, onLeave }: { detail: string; onLeave(): void }) {
	return (
		<section class="empty-state screen-failed" role="alert" aria-labelledby="screen-failed-title">
			<h1 id="screen-failed-title">This screen stopped working</h1>
			<p class="muted">
				Something went wrong in the console while showing it. What you saved is safe; a change made in the last few seconds may need making
				again.
			</p>
			<div class="screen-failed-actions">
				<Link class="button primary" href="/" onClick={onLeave}>
					Go to your charts
				</Link>
				<button type="button" class="button" onClick={() => window.location.reload()}>
					Reload
				</button>
			</div>
			<p class="meta-text screen-failed-detail">Details for a bug report: {detail}</p>
		</section>
	);
}
