/**
 * The console's root: reads the session, sends signed-out visits to `/sign-in?next=…` and back
 * after, and picks the screen for the URL (DESIGN D34).
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { AppShell } from "./components/app-shell";
import { ScreenBoundary } from "./components/screen-boundary";
import { api, describeFailure, onSignedOut } from "./lib/api";
import { navigate, useLocation } from "./lib/router";
import type { Account, Session } from "./lib/session";
import { readSession, SessionContext, signOut } from "./lib/session";
import { AccountScreen } from "./screens/account";
import { ChartsScreen } from "./screens/charts/charts-screen";
import { EditorScreen } from "./screens/editor/editor-screen";
import { KeysScreen } from "./screens/keys";
import { NotFoundScreen } from "./screens/not-found";
import { SignInScreen } from "./screens/sign-in";
import { ThemeStudioScreen } from "./screens/themes/studio-screen";
import { ThemesScreen } from "./screens/themes/themes-screen";

type SessionLoad = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; session: Session | null };

/** Where to come back to after signing in: only a path on this site. */
export function safeNext(value: string | null): string {
	return value?.startsWith("/") && !value.startsWith("//") && !value.startsWith("/sign-in") ? value : "/";
}

function Screen({ path }: { path: string }) {
	if (path === "/") return <ChartsScreen />;
	const chart = /^\/charts\/([^/]+)\/?$/.exec(path);
	if (chart?.[1]) return <EditorScreen key={chart[1]} chartId={decodeURIComponent(chart[1])} />;
	if (path === "/account") return <AccountScreen />;
	if (path === "/keys") return <KeysScreen />;
	if (path === "/themes") return <ThemesScreen />;
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
				// `ended` makes the sign-in screen say why the person is there (issue 24 item 15).
				navigate(`/sign-in?next=${encodeURIComponent(here)}&ended=1`, { replace: true });
			}),
		[],
	);

	useEffect(() => {
		if (load.state !== "ready") return;
		if (!load.session && path !== "/sign-in")
			navigate(`/sign-in?next=${encodeURIComponent(path + window.location.search)}`, { replace: true });
		if (load.session && path === "/sign-in") navigate(safeNext(search.get("next")), { replace: true });
	}, [load, path]);

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
	if (!load.session) {
		if (path !== "/sign-in") return null;
		return (
			<SignInScreen
				sessionEnded={search.get("ended") === "1"}
				onSignedIn={(signedIn) => {
					setLoad({ state: "ready", session: signedIn });
					navigate(safeNext(search.get("next")), { replace: true });
				}}
			/>
		);
	}
	const signedIn = load.session;
	return (
		<SessionContext.Provider
			value={{
				session: signedIn,
				account,
				signOut: async () => {
					await signOut().catch(() => undefined);
					setLoad({ state: "ready", session: null });
					navigate("/sign-in", { replace: true });
				},
			}}
		>
			{path === "/sign-in" ? null : (
				<AppShell wide={path.startsWith("/charts/") || path.startsWith("/themes/")}>
					<ScreenBoundary key={path}>
						<Screen path={path} />
					</ScreenBoundary>
				</AppShell>
			)}
		</SessionContext.Provider>
	);
}
