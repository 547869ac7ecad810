/**
 * `/console/api/fonts` (docs/design.md#d33): fonts uploaded for the workspace's themes. An
 * upload is the file as the raw body (`font/ttf`, `font/otf`, …) or a `multipart/form-data`
 * form with a `file` field, at most 4 MiB; it is parsed and test-drawn before it is stored, so a
 * renamed image or a broken font is a 422 naming why, never a failed export later. The file
 * lives in R2 and never changes under its id; a font a theme names cannot be deleted (409).
 */
import { z } from "zod";
import { ApiError } from "../../api-error";
import {
	deleteWorkspaceFont,
	type FontUsage,
	findWorkspaceFont,
	insertFontWithinQuota,
	listWorkspaceFonts,
	type StoredFont,
	workspaceFontUsage,
} from "../../db/fonts";
import { listWorkspaceThemeDefinitions } from "../../db/themes";
import { familyNames } from "../../domain/font-families";
import { newId } from "../../domain/ids";
import { ThemeDefinition } from "../../domain/themes";
import type { InspectedFont } from "../../formats/fonts/files";
import { fontContentTypes, InvalidFontError, maxFontBytes } from "../../formats/fonts/files";
import { tooLarge } from "../../http/body";
import { json } from "../../http/respond";
import { type BinaryBody, defineRoute } from "../../http/route";
import type { Services } from "../../request-services";
import { fontFileKey } from "../../services/theme-fonts";
import { Deleted } from "../schemas";
import { ConsoleFont, ConsoleFontList } from "./fonts-schemas";

const tag = "Fonts";

/** What one workspace may keep: enough for a few families in every weight and style, not a font library. */
export const fontQuota: FontUsage = { files: 24, bytes: 32 * 1024 * 1024 };

function mebibytes(bytes: number): string {
	return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}

/** 422 `invalid_font` when keeping `adding` more bytes (0: only asking whether a file fits) would pass the quota. */
function checkQuota(used: FontUsage, adding: number): void {
	const details = { quota: fontQuota, used };
	if (used.files >= fontQuota.files) {
		throw new ApiError(
			"invalid_font",
			`This workspace keeps ${used.files} fonts, the most it may keep (${fontQuota.files}); delete fonts it no longer uses to upload another.`,
			details,
		);
	}
	if (used.bytes + adding > fontQuota.bytes) {
		throw new ApiError(
			"invalid_font",
			`This workspace's fonts take ${mebibytes(used.bytes)}; with this file (${mebibytes(adding)}) they would pass the ${mebibytes(fontQuota.bytes)} a workspace may keep. Delete fonts it no longer uses first.`,
			details,
		);
	}
}

export const fontUploadTypes = ["font/ttf", "font/otf", "font/sfnt", "font/woff2", "application/octet-stream", "multipart/form-data"];

function fontBody(font: StoredFont) {
	return {
		id: font.id,
		family: font.family,
		style: font.style,
		weight: font.weight,
		scripts: font.scripts,
		format: font.format,
		byteSize: font.byteSize,
		createdAt: new Date(font.createdAt).toISOString(),
		fileUrl: `/console/api/fonts/${font.id}/file`,
	};
}

/** The uploaded file's bytes: the raw body, or the `file` field of a multipart form. */
async function uploadedFile(request: Request, body: BinaryBody): Promise<Uint8Array> {
	if (body.contentType !== "multipart/form-data") return body.bytes;
	let form: FormData;
	try {
		form = await new Response(body.bytes, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
	} catch {
		throw new ApiError("invalid_body", "The multipart form could not be read; send the font as a field named file.");
	}
	const file = form.get("file");
	if (file === null || typeof file === "string") {
		throw new ApiError("invalid_body", "The multipart form has no file field; send the font as a field named file.", { path: "file" });
	}
	return new Uint8Array(await file.arrayBuffer());
}

/** The workspace's themes whose font family names this font's family. */
async function themesUsing(services: Services, workspaceId: string, family: string): Promise<{ id: string; name: string }[]> {
	const themes = await listWorkspaceThemeDefinitions(services.db, workspaceId);
	return themes
		.filter((theme) => {
			const parsed = ThemeDefinition.safeParse(JSON.parse(theme.definition));
			return parsed.success && familyNames(parsed.data.fonts.family).includes(family.toLowerCase());
		})
		.map((theme) => ({ id: theme.id, name: theme.name }));
}

const listRoute = defineRoute({
	method: "GET",
	path: "/console/api/fonts",
	tag,
	summary: "List the workspace's uploaded fonts",
	description: "By family, then weight. A theme uses a font by naming its `family` in `fonts.family`.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The fonts", schema: ConsoleFontList } },
	errors: [],
	async handler({ services, caller }) {
		return json({ fonts: (await listWorkspaceFonts(services.db, caller.workspaceId)).map(fontBody) });
	},
});

const uploadRoute = defineRoute({
	method: "POST",
	path: "/console/api/fonts",
	tag,
	summary: "Upload a font",
	description:
		"The font file as the raw body with `Content-Type: font/ttf`, `font/otf` or `font/woff2` (`font/sfnt` and `application/octet-stream` are read the same way), or a `multipart/form-data` form with the file in a field named `file`; at most 4 MiB (413 over that), and a WOFF2 may unpack to no more. The file is parsed and must shape and embed a sample of its own characters; anything else is 422 `invalid_font` saying why (an image renamed .ttf, a damaged file, a font collection, a family name a theme cannot name, units per em outside 16–16384, a character map the renderer cannot read). A workspace keeps at most 24 fonts of 32 MiB together: past either, 422 `invalid_font` with `details.quota` and `details.used` (`{ files, bytes }`). A WOFF2 file is unpacked to the TTF or OTF it compresses, which is what is stored and served (`format`, `byteSize`). The answer names the family, style, weight and the scripts the font covers.",
	access: "session",
	body: { type: "binary", maxBytes: maxFontBytes, contentTypes: fontUploadTypes },
	responses: { 201: { description: "Stored", schema: ConsoleFont } },
	errors: ["invalid_font", "conflict"],
	async handler({ services, caller, request, body, now }) {
		const bytes = await uploadedFile(request, body);
		if (bytes.byteLength > maxFontBytes) throw tooLarge(maxFontBytes);
		// A full workspace is told so before its file is inspected.
		checkQuota(await workspaceFontUsage(services.db, caller.workspaceId), 0);
		// The font parser (fontkit, Brotli) is loaded by the first upload, not at every start.
		const { inspectFont } = await import("../../formats/fonts/inspect");
		let inspected: InspectedFont;
		try {
			inspected = inspectFont(bytes);
		} catch (error) {
			if (error instanceof InvalidFontError) throw new ApiError("invalid_font", error.message);
			throw error;
		}
		const { bytes: stored, ...described } = inspected;
		const id = newId("fn");
		const r2Key = fontFileKey(caller.workspaceId, id, described.format);
		const font: StoredFont = { id, ...described, byteSize: stored.byteLength, r2Key, createdAt: now };
		await services.blobs.put(r2Key, stored, { httpMetadata: { contentType: fontContentTypes[described.format] } });
		// The row goes in only within the quota, in one statement: of two uploads racing for the last place, one gets it.
		if (!(await insertFontWithinQuota(services.db, { ...font, workspaceId: caller.workspaceId, accountId: caller.accountId }, fontQuota))) {
			await services.blobs.delete(r2Key);
			checkQuota(await workspaceFontUsage(services.db, caller.workspaceId), stored.byteLength);
			throw new ApiError("conflict", "The workspace's fonts changed while this one was stored; retry the upload.");
		}
		return json(fontBody(font), 201);
	},
});

const fileRoute = defineRoute({
	method: "GET",
	path: "/console/api/fonts/:id/file",
	tag,
	summary: "Download an uploaded font's file",
	description:
		"The stored TTF or OTF, for the console's preview to load with `FontFace`. A font's file never changes under its id, so it may be cached for good.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The font file", contentType: "font/ttf", schema: z.string().meta({ format: "binary" }) } },
	errors: ["not_found"],
	async handler({ services, caller, params }) {
		const font = await findWorkspaceFont(services.db, caller.workspaceId, params.id ?? "");
		const object = font ? await services.blobs.get(font.r2Key) : null;
		if (!font || !object) throw new ApiError("not_found", `This workspace has no font ${params.id}.`);
		return new Response(object.body, {
			headers: {
				"Content-Type": fontContentTypes[font.format],
				"Cache-Control": "private, max-age=31536000, immutable",
				"Content-Length": String(font.byteSize),
			},
		});
	},
});

const deleteRoute = defineRoute({
	method: "DELETE",
	path: "/console/api/fonts/:id",
	tag,
	summary: "Delete an uploaded font",
	description:
		"A font whose family a theme of the workspace names cannot be deleted: 409 `conflict` lists those themes in `details.themes`; change their font family first.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "Deleted", schema: Deleted } },
	errors: ["not_found", "conflict"],
	async handler({ services, caller, params }) {
		const font = await findWorkspaceFont(services.db, caller.workspaceId, params.id ?? "");
		if (!font) throw new ApiError("not_found", `This workspace has no font ${params.id}.`);
		const themes = await themesUsing(services, caller.workspaceId, font.family);
		if (themes.length > 0) {
			throw new ApiError(
				"conflict",
				`The font ${font.family} is used by ${themes.length === 1 ? "the theme" : "the themes"} ${themes.map((t) => `"${t.name}"`).join(", ")}; give ${themes.length === 1 ? "it" : "them"} another font family first.`,
				{ themes },
			);
		}
		if (!(await deleteWorkspaceFont(services.db, caller.workspaceId, font.id))) {
			throw new ApiError("not_found", `This workspace has no font ${params.id}.`);
		}
		await services.blobs.delete(font.r2Key);
		return json({ deleted: true });
	},
});

export const consoleFontRoutes = [listRoute, uploadRoute, fileRoute, deleteRoute];
