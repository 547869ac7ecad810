/**
 * The workspace's uploaded fonts, in the studio's Fonts section: upload a TTF, OTF or
 * WOFF2 file (the API parses it and says why a file is refused), see what each covers, delete one
 * no theme uses (the API's 409 names the themes that do). A new upload becomes the theme's family,
 * since choosing it is why a person uploads a font while editing a theme.
 */
import { useEffect, useState } from "preact/hooks";
import { ConfirmDialog } from "../../components/dialog";
import { announce } from "../../lib/announce";
import { api } from "../../lib/api";
import { fileSize } from "../../lib/format";
import { useSubmit } from "../../lib/use-submit";
import { forgetUploadedFonts, registerUploadedFont, type UploadedFont, uploadedFonts } from "../../preview/theme-fonts";
import "./font-library.css";

const maxBytes = 4 * 1024 * 1024;
const typesByExtension: Record<string, string> = { ttf: "font/ttf", otf: "font/otf", woff2: "font/woff2" };

function contentType(file: File): string | null {
	const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
	return typesByExtension[extension] ?? (file.type.startsWith("font/") ? file.type : null);
}

function describeFont(font: UploadedFont): string {
	const style = font.style === "italic" ? "italic" : "regular";
	return `${font.weight} ${style} · ${font.scripts.join(", ") || "no complete script"} · ${fileSize(font.byteSize)}`;
}

interface FontLibraryProps {
	readOnly: boolean;
	/** Called after every change to the list, with the family of a new upload. */
	onChanged(uploadedFamily?: string): void;
}

export function FontLibrary({ readOnly, onChanged }: FontLibraryProps) {
	const [fonts, setFonts] = useState<UploadedFont[] | null>(null);
	const { busy, error, submit, setError } = useSubmit();
	const [deleting, setDeleting] = useState<UploadedFont | null>(null);

	const refresh = async () => {
		forgetUploadedFonts();
		const listed = await uploadedFonts();
		// Each name is drawn in its own font, so the list shows what each file looks like.
		for (const font of listed) void registerUploadedFont(font);
		setFonts(listed);
	};
	useEffect(() => void refresh(), []);

	const upload = async (file: File) => {
		setError(null);
		const type = contentType(file);
		if (!type) return setError(`${file.name} is not a TTF, OTF or WOFF2 file.`);
		if (file.size > maxBytes) return setError(`${file.name} is ${fileSize(file.size)}; a font can be at most ${fileSize(maxBytes)}.`);
		await submit(async () => {
			const { body } = await api.post<UploadedFont>("/console/api/fonts", undefined, { text: { content: file, type } });
			await refresh();
			announce(`Uploaded ${body.family}`);
			onChanged(body.family);
		});
	};

	const remove = async () => {
		if (!deleting) return;
		const font = deleting;
		await submit(async () => {
			await api.delete(`/console/api/fonts/${encodeURIComponent(font.id)}`);
			announce(`Deleted ${font.family}`);
			await refresh();
			onChanged();
		});
		setDeleting(null);
	};

	return (
		<div class="font-library">
			<span class="section-label">Uploaded fonts</span>
			{fonts === null ? (
				<span class="hint">Loading…</span>
			) : fonts.length === 0 ? (
				<span class="hint">None yet. Upload your brand's font to draw every chart, export and embed with it.</span>
			) : (
				<ul class="font-list">
					{fonts.map((font) => (
						<li key={font.id}>
							<span class="font-name" style={{ fontFamily: `'${font.family}', sans-serif` }}>
								{font.family}
							</span>
							<span class="hint">{describeFont(font)}</span>
							{!readOnly && (
								<button
									type="button"
									class="button quiet"
									aria-label={`Delete font ${font.family} ${font.weight}${font.style === "italic" ? " italic" : ""}`}
									onClick={() => setDeleting(font)}
									disabled={busy}
								>
									Delete
								</button>
							)}
						</li>
					))}
				</ul>
			)}
			{!readOnly && (
				<div class="field">
					<label for="font-file">Upload a font</label>
					<input
						id="font-file"
						type="file"
						class="input"
						accept=".ttf,.otf,.woff2,font/ttf,font/otf,font/woff2"
						disabled={busy}
						aria-describedby="font-file-hint"
						onChange={(e) => {
							const file = e.currentTarget.files?.[0];
							e.currentTarget.value = "";
							if (file) void upload(file);
						}}
					/>
					<span id="font-file-hint" class="hint">
						TTF, OTF or WOFF2, at most {fileSize(maxBytes)}. Characters the font lacks are drawn with Inter or DejaVu Sans.
					</span>
					{busy && <span class="hint">Working…</span>}
				</div>
			)}
			{error && (
				<span class="error-text" role="alert">
					{error}
				</span>
			)}
			<ConfirmDialog
				title={`Delete the font ${deleting?.family ?? ""}?`}
				open={deleting !== null}
				confirmLabel="Delete font"
				danger
				busy={busy}
				onConfirm={remove}
				onClose={() => setDeleting(null)}
			>
				<p>
					The file is removed from the workspace. A theme that names this family cannot lose it: you will be told which themes to change
					first. Pages published earlier with it fall back to the bundled fonts.
				</p>
			</ConfirmDialog>
		</div>
	);
}
