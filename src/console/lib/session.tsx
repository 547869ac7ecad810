/**
 * Who is signed in (docs/design.md#d31): read once from `GET /auth/session` when the app starts, set by
 * sign-in, cleared by sign-out or by any 401. The CSRF token travels with it to the API client.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { ApiFailure, api, useCsrfToken } from "./api";
import { type Role, roleOf } from "./roles";

export interface Session {
	accountId: string;
	workspaceId: string;
	plan: string;
	email: string;
	csrfToken: string;
	/** The account's role in its workspace; absent from a server older than teams. */
	role?: Role;
	workspaceName?: string;
}

export interface Account {
	accountId: string;
	email: string;
	plan: string;
	workspace: { id: string; name: string; kind: string };
}

export async function readSession(): Promise<Session | null> {
	// The page says so when the request that loaded it had no session cookie (console-app.ts).
	if (document.documentElement.dataset.session === "none") return null;
	try {
		const { body } = await api.get<Session>("/auth/session");
		useCsrfToken(body.csrfToken);
		return body;
	} catch (error) {
		if (error instanceof ApiFailure && error.status === 401) return null;
		throw error;
	}
}

export function signIn(email: string, password: string): Promise<Session> {
	return startSession("/auth/sign-in", { email, password });
}

export async function signOut(): Promise<void> {
	try {
		await api.post("/auth/sign-out");
	} finally {
		useCsrfToken(null);
	}
}

export interface SessionState {
	session: Session;
	account: Account | null;
	signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

/**
 * Signs in with the answer of a route that hands out a session (sign-in, sign-up, accepting an
 * invitation): the same body as `POST /auth/sign-in`.
 */
export async function startSession(path: string, body: unknown): Promise<Session> {
	const { body: session } = await api.post<Session>(path, body);
	useCsrfToken(session.csrfToken);
	return session;
}

/** The signed-in session; screens inside the app shell always have one. */
export function useSession(): SessionState {
	const state = useContext(SessionContext);
	if (!state) throw new Error("useSession outside a signed-in screen");
	return state;
}

/** The signed-in account's role in its workspace. */
export function useRole(): Role {
	return roleOf(useSession().session.role);
}
