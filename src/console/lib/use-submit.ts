/**
 * One way for the console's forms and dialogs to send something: `busy` while it runs (the
 * button says "Saving…" and a second press does nothing), the API's message in `error` when it
 * is refused, and nothing lost when it succeeds. Each form still shows `error` where it belongs
 * (FormError at the top of a dialog, the field's error text).
 */
import { useRef, useState } from "preact/hooks";
import { describeFailure } from "./api";

export interface SubmitOptions {
	/** The message shown for a refusal; the API's own by default. */
	describe?(failure: unknown): string;
	/**
	 * Keep `busy` after a success: for a dialog that closes or a screen that navigates away on
	 * success, so its button does not flash back to its label before it goes.
	 */
	busyAfterSuccess?: boolean;
}

export interface Submit {
	busy: boolean;
	error: string | null;
	/** Runs the action unless one is running; resolves true when it succeeded. */
	submit(action: () => Promise<unknown>): Promise<boolean>;
	/** A refusal found before sending (an empty name) or cleared by hand. */
	setError(message: string | null): void;
	/** Back to idle with no error: a dialog being opened again. */
	reset(): void;
}

/** Runs `action`; null when it succeeded, else the message to show. Never throws. */
export async function attempt(
	action: () => Promise<unknown>,
	describe: (failure: unknown) => string = describeFailure,
): Promise<string | null> {
	try {
		await action();
		return null;
	} catch (failure) {
		return describe(failure);
	}
}

export function useSubmit(options: SubmitOptions = {}): Submit {
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string | null>(null);
	// Read synchronously: two presses in one frame come before the re-render that disables the button.
	const running = useRef(false);

	const submit = async (action: () => Promise<unknown>) => {
		if (running.current) return false;
		running.current = true;
		setBusy(true);
		setError(null);
		const message = await attempt(action, options.describe);
		running.current = false;
		if (message !== null) setError(message);
		if (message !== null || !options.busyAfterSuccess) setBusy(false);
		return message === null;
	};

	const reset = () => {
		running.current = false;
		setBusy(false);
		setError(null);
	};

	return { busy, error, submit, setError, reset };
}
