/** `GET /auth/options`, read once per page load and shared by the signed-out screens. */
import { useEffect, useState } from "preact/hooks";
import { type AuthOptions, readAuthOptions } from "./team-api";

let options: Promise<AuthOptions> | null = null;

/** Null until known; closed and off when the server does not say. */
export function useAuthOptions(): AuthOptions | null {
	const [known, setKnown] = useState<AuthOptions | null>(null);
	useEffect(() => {
		options ??= readAuthOptions();
		options.then(setKnown);
	}, []);
	return known;
}
