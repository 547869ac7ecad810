/**
 * A small history-API router: screens have stable URLs (docs/design.md#d34), links are real `<a href>`s
 * (open in a new tab works), and in-app clicks change the screen without a page load.
 */
import type { AnchorHTMLAttributes, ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";

type Listener = () => void;
const listeners = new Set<Listener>();
/** Asked before leaving a screen (unsaved edits); a false answer keeps the person where they are. */
let leaveGuard: (() => boolean) | null = null;

export function setLeaveGuard(guard: (() => boolean) | null): void {
	leaveGuard = guard;
}

export function currentLocation(): { path: string; search: URLSearchParams } {
	return { path: window.location.pathname, search: new URLSearchParams(window.location.search) };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
	if (to === window.location.pathname + window.location.search) return;
	if (leaveGuard && !leaveGuard()) return;
	if (options.replace) window.history.replaceState(null, "", to);
	else window.history.pushState(null, "", to);
	for (const listener of listeners) listener();
	window.scrollTo(0, 0);
}

window.addEventListener("popstate", () => {
	for (const listener of listeners) listener();
});

/** The current path and query, re-rendering on every navigation. */
export function useLocation(): { path: string; search: URLSearchParams } {
	const [location, setLocation] = useState(currentLocation);
	useEffect(() => {
		const update = () => setLocation(currentLocation());
		listeners.add(update);
		return () => void listeners.delete(update);
	}, []);
	return location;
}

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children?: ComponentChildren };

/** An `<a>` that navigates in the app on a plain left click and like a link otherwise. */
export function Link({ href, onClick, ...rest }: AnchorProps) {
	return (
		<a
			href={href}
			onClick={(event) => {
				if (typeof onClick === "function") onClick(event);
				if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
				event.preventDefault();
				navigate(href);
			}}
			{...rest}
		/>
	);
}
