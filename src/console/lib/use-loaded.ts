/**
 * One way for a screen to read what it lists: `data` once read (null until then), the API's
 * message in `error` when the read is refused, `reload()` for the "Try again" button and after a
 * change. An answer to an earlier read that arrives after a later one started is dropped, so a
 * slow first read never replaces a newer list. `reads` counts the reads that arrived: a screen
 * whose controls keep their own state (a role picker the API refused) resets them on it.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { describeFailure } from "./api";

export interface Loaded<T> {
	data: T | null;
	error: string | null;
	reads: number;
	/** Reads again; what is shown stays until the answer arrives. */
	reload(): void;
	/** Shows what a change left (a row removed) without reading again. */
	set(data: T): void;
}

export function useLoaded<T>(read: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
	const [data, setData] = useState<T | null>(null);
	const [error, setError] = useState<string | null>(null);
	const [reads, setReads] = useState(0);
	const latest = useRef(0);
	const reload = () => {
		const ticket = ++latest.current;
		setError(null);
		read().then(
			(value) => {
				if (ticket !== latest.current) return;
				setData(value);
				setReads((n) => n + 1);
			},
			(failure: unknown) => {
				if (ticket === latest.current) setError(describeFailure(failure));
			},
		);
	};
	useEffect(reload, deps);
	return { data, error, reads, reload, set: setData };
}
