/**
 * The console's root: reads the session, sends signed-out visits to `/sign-in?next=…` and back
 * after, and picks the screen for the URL (docs/design.md#d34).
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { AppShell } from "./components/app-shell";
import { ScreenBoundary } from "./components/screen-boundary";
import { api, describeFailure, onSignedOut } from "./lib/api";
import { navigate, useLocation } from "./lib/router";
import type { Account, Session } from "./lib/session";
import { readSession, SessionContext, signOut } from "./lib/session";
import { AccountScreen } from "./screens/account";
import { ForgotPasswordScreen } from "./screens/auth/forgot-password";
import { InvitationScreen } from "./screens/auth/invitation";
import { OutboxScreen } from "./screens/auth/outbox";
import { ResetPasswordScreen } from "./screens/auth/reset-password";
import { SignUpScreen } from "./screens/auth/sign-up";
import { AuthorizeScreen } from "./screens/authorize/authorize-screen";
import { ChartsScreen } from "./screens/charts/charts-screen";
import { EditorScreen } from "./screens/editor/editor-screen";
import { KeysScreen } from "./screens/keys";
import { NotFoundScreen } from "./screens/not-found";
import { type SignInNotice, SignInScreen } from "./screens/sign-in";
import { ActivityScreen } from "./screens/team/activity-screen";
import { TeamScreen } from "./screens/team/team-screen";
import { ThemeStudioScreen } from "./screens/themes/studio-screen";
import { ThemesScreen } from "./screens/themes/themes-screen";

type SessionLoad = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; session: Session | null };

/** Screens only for the signed out: a signed-in visit goes on to where it was headed. */
const signedOutOnly = new Set(["/sign-in", "/sign-up"]);

/** Screens outside the signed-in shell that anyone may open, signed in or not. */
export function isPublicPath(path: string): boolean {
	return (
		signedOutOnly.has(path) ||
		path === "/forgot-password" ||
		path === "/outbox" ||
		/^\/invite\/[^/]+\/?$/.test(path) ||
		/^\/reset-password\/[^/]+\/?$/.test(path)
	);
}

/** Where to come back to after signing in: only a path on this site, never a signed-out screen. */
export function safeNext(value: string | null): string {
	const path = value?.split("?")[0] ?? "";
	return value?.startsWith("/") && !value.startsWith("//") && !isPublicPath(path) ? value : "/";
}

function tokenIn(path: string, prefix: string): string {
	return decodeURIComponent(path.slice(prefix.length).replace(/\/$/, ""));
}

function signInNotice(search: URLSearchParams): SignInNotice | null {
	if (search.get("ended") === "1") return "ended";
	if (search.get("reset") === "1") return "reset";
	if (search.get("left") === "1") return "left";
	return null;
}

function Screen({ path }: { path: string }) {
	if (path === "/") return <ChartsScreen />;
	const chart = /^\/charts\/([^/]+)\/?$/.exec(path);
	if (chart?.[1]) return <EditorScreen key={chart[1]} chartId={decodeURIComponent(chart[1])} />;
	if (path === "/account") return <AccountScreen />;
	if (path === "/keys") return <KeysScreen />;
	if (path === "/themes") return <ThemesScreen />;
	if (path === "/team") return <TeamScreen />;
	if (path === "/activity") return <ActivityScreen />;
	const theme = /^\/themes\/([^/]+)\/?$/.exec(path);
	if (theme?.[1]) return <ThemeStudioScreen key={theme[1]} themeId={decodeURIComponent(theme[1])} />;
	return <NotFoundScreen />;
}

export function App() {
	const { path, search } = useLocation();
	const [load, setLoad] = useState<SessionLoad>({ state: "loading" });
	const [account, setAccount] = useState<Account | null>(null);

	const start = useCallback(() => {
		setLoad({ state: "loading" });
		readSession().then(
			(session) => setLoad({ state: "ready", session }),
			(error: unknown) => setLoad({ state: "failed", message: describeFailure(error) }),
		);
	}, []);
	useEffect(start, []);

	const session = load.state === "ready" ? load.session : null;
	useEffect(() => {
		if (!session) return setAccount(null);
		api.get<Account>("/console/api/account").then(
			({ body }) => setAccount(body),
			() => setAccount(null),
		);
	}, [session?.accountId]);

	useEffect(
		() =>
			onSignedOut(() => {
				setLoad({ state: "ready", session: null });
				const here = window.location.pathname + window.location.search;
				// `ended` makes the sign-in screen say why the person is there.
				navigate(`/sign-in?next=${encodeURIComponent(here)}&ended=1`, { replace: true });
			}),
		[],
	);

	useEffect(() => {
		if (load.state !== "ready") return;
		if (!load.session && !isPublicPath(path))
			navigate(`/sign-in?next=${encodeURIComponent(path + window.location.search)}`, { replace: true });
		if (load.session && signedOutOnly.has(path)) navigate(safeNext(search.get("next")), { replace: true });
	}, [load, path]);

	const signedIn = (session: Session, to: string) => {
		setLoad({ state: "ready", session });
		navigate(to, { replace: true });
	};

	if (load.state === "failed") {
		return (
			<main class="page" id="main">
				<div class="banner error" role="alert">
					<span class="banner-text">The console could not start: {load.message}</span>
					<button type="button" class="button" onClick={start}>
						Try again
					</button>
				</div>
			</main>
		);
	}
	if (load.state === "loading") return <div class="boot" role="status" aria-busy="true" aria-label="Loading the console" />;
	// Screens anyone may open (an invitation, a reset link, the outbox), signed in or not.
	if (path.startsWith("/invite/"))
		return <InvitationScreen key={path} token={tokenIn(path, "/invite/")} onSignedIn={(session) => signedIn(session, "/")} />;
	if (path.startsWith("/reset-password/")) {
		return (
			<ResetPasswordScreen
				key={path}
				token={tokenIn(path, "/reset-password/")}
				onDone={() => {
					// The reset ended every session of the account, this one's too.
					setLoad({ state: "ready", session: null });
					navigate("/sign-in?reset=1", { replace: true });
				}}
			/>
		);
	}
	if (path === "/forgot-password") return <ForgotPasswordScreen />;
	if (path === "/outbox") return <OutboxScreen />;
	if (!load.session) {
		if (path === "/sign-up") return <SignUpScreen onSignedIn={(session) => signedIn(session, "/")} />;
		if (path !== "/sign-in") return null;
		return <SignInScreen notice={signInNotice(search)} onSignedIn={(session) => signedIn(session, safeNext(search.get("next")))} />;
	}
	const current = load.session;
	return (
		<SessionContext.Provider
			value={{
				session: current,
				account,
				signOut: async () => {
					await signOut().catch(() => undefined);
					setLoad({ state: "ready", session: null });
					navigate("/sign-in", { replace: true });
				},
			}}
		>
			{signedOutOnly.has(path) ? null : path === "/authorize" ? (
				// An assistant's sign-in asks one question: outside the shell, like sign-in. Signed out, the
				// effect above sends the person to sign in with `next` holding the request, then back here.
				<AuthorizeScreen key={search.get("request") ?? ""} requestId={search.get("request") ?? ""} />
			) : (
				<AppShell wide={path.startsWith("/charts/") || path.startsWith("/themes/")}>
					<ScreenBoundary key={path}>
						<Screen path={path} />
					</ScreenBoundary>
				</AppShell>
			)}
		</SessionContext.Provider>
	);
}
