/**
 * The console routes behind an assistant's sign-in (docs/mcp.md, OAuth): the pending request the
 * consent screen answers, and the connections the Keys page lists. Screens call these rather than
 * `api` with a path, so the paths and shapes are written once.
 */
import { api } from "./api";
import type { Role } from "./roles";

export interface RequestedScope {
	scope: string;
	label: string;
	/** False when the person's role does not allow it: shown, but not grantable. */
	granted: boolean;
}

/** A pending authorization, as `GET /console/api/oauth/requests/{id}` answers it. */
export interface AuthorizationRequest {
	id: string;
	/** The name the client registered itself with: its own words, never checked by anyone. */
	client: { id: string; name: string };
	/** Where the answer goes (the host of the client's redirect URI). */
	redirectHost: string;
	scopes: RequestedScope[];
	workspace: { id: string; name: string };
	role: Role;
	expiresAt: string;
}

/** An assistant the signed-in person allowed, in this workspace. */
export interface Connection {
	id: string;
	clientName: string;
	redirectHost: string;
	scopes: string[];
	createdAt: string;
	lastUsedAt: string | null;
}

const requestPath = (id: string) => `/console/api/oauth/requests/${encodeURIComponent(id)}`;

/** Where the browser goes next: built by the server, followed as is. */
interface Answered {
	redirectTo: string;
}

export const oauthApi = {
	request: async (id: string) => (await api.get<{ request: AuthorizationRequest }>(requestPath(id))).body.request,
	approve: async (id: string, scopes: readonly string[]) =>
		(await api.post<Answered>(`${requestPath(id)}/approve`, { scopes: [...scopes] })).body.redirectTo,
	deny: async (id: string) => (await api.post<Answered>(`${requestPath(id)}/deny`)).body.redirectTo,
	connections: async () => (await api.get<{ connections: Connection[] }>("/console/api/oauth/connections")).body.connections,
	disconnect: async (id: string) => void (await api.delete(`/console/api/oauth/connections/${encodeURIComponent(id)}`)),
};
