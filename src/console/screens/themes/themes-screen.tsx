/**
 * Themes (`/themes`): the workspace's own themes, then the built-in ones, one line each
 * with its light and dark palettes, the default badge and how many charts name it. A new theme
 * starts from any of them; deleting says how many charts fall back to the default.
 */
import { useEffect, useState } from "preact/hooks";
import { ConfirmDialog, Dialog } from "../../components/dialog";
import { FormError } from "../../components/form-error";
import { Icon } from "../../components/icon";
import { LoadingRows, RetryBanner } from "../../components/list-states";
import { Menu, type MenuAction } from "../../components/menu";
import { announce } from "../../lib/announce";
import { api, describeFailure } from "../../lib/api";
import { canEdit } from "../../lib/roles";
import { Link, navigate } from "../../lib/router";
import { useRole } from "../../lib/session";
import { useLoaded } from "../../lib/use-loaded";
import { useSubmit } from "../../lib/use-submit";
import type { ConsoleTheme, ThemeListItem } from "./theme-model";
import "./themes.css";

function Swatches({ theme }: { theme: ThemeListItem }) {
	return (
		<span class="theme-swatches" aria-hidden="true">
			{(["light", "dark"] as const).map((mode) => (
				<span key={mode} class="swatch-strip" style={{ background: theme.definition.colors[mode].background }}>
					{theme.definition.colors[mode].palette.slice(0, 8).map((color, i) => (
						<span key={i} class="swatch" style={{ background: color }} />
					))}
				</span>
			))}
		</span>
	);
}

function chartsUsing(count: number): string {
	return count === 0 ? "no charts" : count === 1 ? "1 chart" : `${count.toLocaleString()} charts`;
}

function NewThemeDialog({
	open,
	themes,
	startFrom,
	onClose,
}: {
	open: boolean;
	themes: ThemeListItem[];
	startFrom: string | null;
	onClose(): void;
}) {
	const [name, setName] = useState("");
	const [source, setSource] = useState("");
	const { busy, error, submit: send, setError } = useSubmit({ busyAfterSuccess: true });
	useEffect(() => {
		if (!open) return;
		const from = themes.find((t) => t.id === startFrom) ?? themes.find((t) => t.isDefault) ?? themes[0];
		setSource(from?.id ?? "");
		setName(from && startFrom ? `${from.name} copy`.slice(0, 100) : "");
		setError(null);
	}, [open, startFrom]);

	const submit = async (event: Event) => {
		event.preventDefault();
		const from = themes.find((t) => t.id === source);
		if (!from) return;
		await send(async () => {
			const { body } = await api.post<ConsoleTheme>("/console/api/themes", { ...from.definition, name: name.trim() });
			announce(`Created ${body.name}`);
			navigate(`/themes/${encodeURIComponent(body.id)}`);
		});
	};

	return (
		<Dialog title="New theme" open={open} onClose={onClose}>
			<form class="new-theme-form" onSubmit={submit}>
				<FormError message={error} />
				<div class="field">
					<label for="new-theme-name">Theme name</label>
					<input
						id="new-theme-name"
						class="input"
						value={name}
						maxLength={100}
						placeholder="e.g. House style"
						required
						onInput={(e) => setName(e.currentTarget.value)}
					/>
				</div>
				<div class="field">
					<label for="new-theme-source">Start from</label>
					<select id="new-theme-source" class="select" value={source} onChange={(e) => setSource(e.currentTarget.value)}>
						{themes.map((t) => (
							<option key={t.id} value={t.id}>
								{t.name}
								{t.builtIn ? " (built-in)" : ""}
							</option>
						))}
					</select>
					<span class="hint">Its colours, fonts, surfaces and logo are copied; change them in the studio.</span>
				</div>
				<div class="dialog-actions">
					<button type="button" class="button" onClick={onClose}>
						Cancel
					</button>
					<button type="submit" class="button primary" disabled={busy || name.trim() === ""}>
						{busy ? "Creating…" : "Create theme"}
					</button>
				</div>
			</form>
		</Dialog>
	);
}

export function ThemesScreen() {
	const list = useLoaded(async () => (await api.get<{ themes: ThemeListItem[] }>("/console/api/themes")).body.themes, []);
	const themes = list.data;
	// A refused "make default" is said in the banner too.
	const [error, setError] = useState<string | null>(null);
	const [creating, setCreating] = useState<{ from: string | null } | null>(null);
	const [deleting, setDeleting] = useState<ThemeListItem | null>(null);
	// A refused delete is shown in the screen's banner, whose "Try again" reloads the list.
	const removal = useSubmit();
	const busy = removal.busy;

	const load = () => {
		setError(null);
		removal.setError(null);
		list.reload();
	};

	const defaultTheme = themes?.find((t) => t.isDefault);
	const classic = themes?.find((t) => t.id === "classic");

	const makeDefault = async (theme: ThemeListItem) => {
		try {
			await api.post(`/console/api/themes/${encodeURIComponent(theme.id)}/default`);
			announce(`${theme.name} is now the default theme`);
			load();
		} catch (failure) {
			setError(describeFailure(failure));
		}
	};

	const remove = async () => {
		if (!deleting) return;
		const theme = deleting;
		const removed = await removal.submit(async () => {
			await api.delete(`/console/api/themes/${encodeURIComponent(theme.id)}`);
			announce(`Deleted ${theme.name}`);
		});
		setDeleting(null);
		if (removed) load();
	};
	const shownError = list.error ?? error ?? removal.error;
	// A viewer only looks: no new theme, default or delete (the API refuses them).
	const editor = canEdit(useRole());
	const themeWrites = (theme: ThemeListItem): MenuAction[] => [
		{ label: "New theme from this", onSelect: () => setCreating({ from: theme.id }) },
		...(!theme.isDefault && (!theme.builtIn || theme.id === "classic")
			? [{ label: "Make default", onSelect: () => void makeDefault(theme) }]
			: []),
		...(!theme.builtIn ? [{ label: "Delete…", danger: true, onSelect: () => setDeleting(theme) }] : []),
	];

	const fallback = deleting?.isDefault ? classic?.name : defaultTheme?.name;

	return (
		<section class="themes-screen" aria-labelledby="themes-title">
			<header class="screen-header">
				<div>
					<h1 id="themes-title">Themes</h1>
					<p class="muted">Colours, fonts and logo for your charts. Charts without a theme of their own use the default.</p>
				</div>
				{editor && (
					<button type="button" class="button primary" disabled={!themes} onClick={() => setCreating({ from: null })}>
						<Icon name="plus" /> New theme
					</button>
				)}
			</header>
			{shownError && <RetryBanner message={shownError} onRetry={load} />}
			{themes === null && !list.error && <LoadingRows list label="Loading themes" frameClass="theme-list panel" rowClass="theme-row" />}
			{themes !== null && (
				<ul class="theme-list panel" aria-label="Themes">
					{themes.map((theme) => (
						<li key={theme.id} class="theme-row">
							<Swatches theme={theme} />
							<div class="theme-main">
								<Link href={`/themes/${encodeURIComponent(theme.id)}`} class="theme-name">
									{theme.name}
								</Link>
								<span class="meta-text">
									{theme.isDefault && <span class="badge">Default</span>}
									{theme.builtIn && <span class="badge quiet">Built-in</span>}
									<span>Used by {chartsUsing(theme.chartCount)}</span>
									{theme.checks.length > 0 && (
										<span class="warn-text">
											<Icon name="alert" size={14} /> {theme.checks.length === 1 ? "1 warning" : `${theme.checks.length} warnings`}
										</span>
									)}
								</span>
							</div>
							<Menu
								label={`Actions for ${theme.name}`}
								button={<Icon name="more" />}
								actions={[
									{
										label: theme.builtIn || !editor ? "View" : "Edit",
										onSelect: () => navigate(`/themes/${encodeURIComponent(theme.id)}`),
									},
									...(editor ? themeWrites(theme) : []),
								]}
							/>
						</li>
					))}
				</ul>
			)}
			{themes && (
				<NewThemeDialog open={creating !== null} themes={themes} startFrom={creating?.from ?? null} onClose={() => setCreating(null)} />
			)}
			<ConfirmDialog
				title={`Delete ${deleting?.name ?? "theme"}?`}
				open={deleting !== null}
				confirmLabel="Delete theme"
				danger
				busy={busy}
				onConfirm={remove}
				onClose={() => setDeleting(null)}
			>
				<p>
					{deleting && deleting.chartCount > 0
						? `${chartsUsing(deleting.chartCount)[0]?.toUpperCase()}${chartsUsing(deleting.chartCount).slice(1)} use${deleting.chartCount === 1 ? "s" : ""} it; ${deleting.chartCount === 1 ? "it" : "they"} will use the workspace default${fallback ? ` (${fallback})` : ""} instead.`
						: "No charts use it."}
					{deleting?.isDefault && " It is the default theme: Classic becomes the default."} This cannot be undone.
				</p>
			</ConfirmDialog>
		</section>
	);
}
