/**
 * The frame of every signed-in screen (docs/design.md#console-layout): a 56 px top bar with the wordmark,
 * the workspace's name, the navigation, the light/dark switch and the account menu; the screen
 * below. `wide` screens (the editor) use the full width, lists stay within 1200 px.
 */
import type { ComponentChildren } from "preact";
import { setMode, useMode } from "../lib/mode";
import { Link, navigate, useLocation } from "../lib/router";
import { useSession } from "../lib/session";
import { Icon } from "./icon";
import { Menu } from "./menu";

const sections = [
	{ href: "/", label: "Charts", matches: (path: string) => path === "/" || path.startsWith("/charts/") },
	{ href: "/themes", label: "Themes", matches: (path: string) => path === "/themes" || path.startsWith("/themes/") },
	{ href: "/keys", label: "Keys", matches: (path: string) => path === "/keys" },
	// Every role sees the members and the activity; what each may change is the screens' to say.
	{ href: "/team", label: "Team", matches: (path: string) => path === "/team" },
	{ href: "/activity", label: "Activity", matches: (path: string) => path === "/activity" },
];

export function ModeSwitch() {
	const mode = useMode();
	const next = mode === "dark" ? "light" : "dark";
	return (
		<button
			type="button"
			class="button quiet icon"
			aria-label={`Switch to ${next} mode`}
			title={`Switch to ${next} mode`}
			onClick={() => setMode(next)}
		>
			<Icon name={mode === "dark" ? "sun" : "moon"} />
		</button>
	);
}

export function AppShell({ children, wide = false }: { children: ComponentChildren; wide?: boolean }) {
	const { session, account, signOut } = useSession();
	const { path } = useLocation();
	const plan = account?.plan ?? session.plan;
	return (
		<>
			<a class="skip-link" href="#main">
				Skip to content
			</a>
			<header class="topbar">
				<Link href="/" class="wordmark" aria-label="Charts home">
					<Icon name="logo" size={20} />
					<span class="wordmark-text">Charts</span>
				</Link>
				{account && (
					<span class="workspace-name" title={account.workspace.name}>
						{account.workspace.name}
					</span>
				)}
				<nav class="nav" aria-label="Main">
					{sections.map((section) => (
						<Link key={section.href} href={section.href} aria-current={section.matches(path) ? "page" : undefined}>
							{section.label}
						</Link>
					))}
				</nav>
				<div class="topbar-end">
					<ModeSwitch />
					<Menu
						label={`Account: ${session.email}`}
						buttonClass="button quiet account-button"
						button={
							<>
								<span class="account-email">{session.email}</span>
								<Icon name="chevronDown" />
							</>
						}
						actions={[
							{ label: `Account · ${plan[0]?.toUpperCase()}${plan.slice(1)} plan`, onSelect: () => navigate("/account") },
							"separator",
							{ label: "Sign out", onSelect: () => void signOut() },
						]}
					/>
				</div>
			</header>
			<main id="main" tabIndex={-1} class={wide ? "page-wide" : "page"}>
				{children}
			</main>
		</>
	);
}
