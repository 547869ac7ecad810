/**
 * The frame of the screens outside the signed-in shell (sign-in, sign-up, an invitation, a
 * password reset, the local outbox): the mode switch in the corner and one card with the
 * wordmark and the screen's heading.
 */
import type { ComponentChildren } from "preact";
import "./public-card.css";
import { ModeSwitch } from "./app-shell";
import { Icon } from "./icon";

interface PublicCardProps {
	title: string;
	/** A `<form>` card submits; a plain one only shows. */
	onSubmit?(event: Event): void;
	wide?: boolean;
	children: ComponentChildren;
}

export function PublicCard({ title, onSubmit, wide = false, children }: PublicCardProps) {
	const body = (
		<>
			<div class="wordmark">
				<Icon name="logo" size={22} />
				<span>Charts</span>
			</div>
			<h1 id="public-title">{title}</h1>
			{children}
		</>
	);
	const cardClass = `sign-in-card panel${wide ? " wide" : ""}`;
	return (
		<main class="sign-in" id="main">
			<div class="sign-in-corner">
				<ModeSwitch />
			</div>
			{onSubmit ? (
				<form class={cardClass} onSubmit={onSubmit} aria-labelledby="public-title" noValidate>
					{body}
				</form>
			) : (
				<section class={cardClass} aria-labelledby="public-title">
					{body}
				</section>
			)}
		</main>
	);
}
