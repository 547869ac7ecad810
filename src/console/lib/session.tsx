/**
 * Who is signed in (DESIGN D31): read once from `GET /auth/session` when the app starts, set by
 * sign-in, cleared by sign-out or by any 401. The CSRF token travels with it to the API client.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { ApiFailure, api, useCsrfToken } from "./api";

export interface Session {
	accountId: string;
	workspaceId: string;
	plan: string;
	email: string;
	csrfToken: string;
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

export async function signIn(email: string, password: string): Promise<Session> {
	const { body } = await api.post<Session>("/auth/sign-in", { email, password });
	useCsrfToken(body.csrfToken);
	return body;
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

/** The signed-in session; screens inside the app shell always have one. */
export function useSession(): SessionState {
	const state = useContext(SessionContext);
	if (!state) throw new Error("useSession outside a signed-in screen");
	return state;
}
