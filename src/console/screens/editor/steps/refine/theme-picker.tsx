/** `meta.theme` picked from the workspace's themes and the built-ins (`GET /v1/themes`, D20). */
import { useEffect, useId, useState } from "preact/hooks";
import { api, describeFailure } from "../../../../lib/api";

interface ThemeItem {
	id: string;
	name: string;
	is_default: boolean;
	builtIn: boolean;
}

export function ThemePicker({ value, onChange, error }: { value: unknown; onChange(value: string | undefined): void; error?: string }) {
	const id = useId();
	const [themes, setThemes] = useState<ThemeItem[] | null>(null);
	const [failure, setFailure] = useState<string | null>(null);
	useEffect(() => {
		const controller = new AbortController();
		api.get<{ themes: ThemeItem[] }>("/v1/themes", { signal: controller.signal }).then(
			({ body }) => setThemes(body.themes),
			(problem: unknown) => {
				if (!controller.signal.aborted) setFailure(describeFailure(problem));
			},
		);
		return () => controller.abort();
	}, []);
	const current = typeof value === "string" ? value : "";
	const fallback = themes?.find((theme) => theme.is_default);
	const own = themes?.filter((theme) => !theme.builtIn) ?? [];
	const builtIn = themes?.filter((theme) => theme.builtIn) ?? [];
	const known = themes?.some((theme) => theme.id === current) ?? true;
	const shownError = error ?? failure ?? undefined;
	return (
		<div class="field">
			<label for={id}>Theme</label>
			<select
				id={id}
				class="select"
				value={current}
				disabled={!themes && !failure}
				aria-invalid={error ? "true" : undefined}
				aria-describedby={shownError ? `${id}-error` : `${id}-hint`}
				onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value || undefined)}
			>
				<option value="">{fallback ? `Workspace default: ${fallback.name}` : "Workspace default"}</option>
				{current && !known && <option value={current}>{current} (not found)</option>}
				{own.length > 0 && (
					<optgroup label="This workspace">
						{own.map((theme) => (
							<option key={theme.id} value={theme.id}>
								{theme.name}
							</option>
						))}
					</optgroup>
				)}
				{builtIn.length > 0 && (
					<optgroup label="Built in">
						{builtIn.map((theme) => (
							<option key={theme.id} value={theme.id}>
								{theme.name}
							</option>
						))}
					</optgroup>
				)}
			</select>
			{shownError ? (
				<p class="error-text" id={`${id}-error`} role="alert">
					{failure && !error ? `The themes could not be loaded: ${failure}` : shownError}
				</p>
			) : (
				<p class="hint" id={`${id}-hint`}>
					Colours and fonts. Themes are made in Themes.
				</p>
			)}
		</div>
	);
}
