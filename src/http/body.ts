/**
 * Reading request bodies with a hard size cap, and turning JSON text into a validated value.
 */
import type { z } from "zod";
import { ApiError, validationError } from "../api-error";

/** Room for a multipart form's boundaries and part headers around a file of a binary body's largest size. */
export const multipartFramingBytes = 64 * 1024;

function formatBytes(bytes: number): string {
	return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

export function tooLarge(limit: number): ApiError {
	return new ApiError("payload_too_large", `Request body is larger than the ${formatBytes(limit)} limit.`, {
		limitBytes: limit,
	});
}

/**
 * Reads the body as bytes, refusing it as soon as it passes `limit` bytes. `stated` is the limit
 * the error names when the two differ (a form may carry a file of `stated` bytes plus its framing).
 */
export async function readBytes(request: Request, limit: number, stated = limit): Promise<Uint8Array> {
	const declared = Number(request.headers.get("content-length") ?? "0");
	if (declared > limit) throw tooLarge(stated);
	if (!request.body) return new Uint8Array();
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.byteLength;
		if (total > limit) {
			await reader.cancel();
			throw tooLarge(stated);
		}
		chunks.push(value);
	}
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return bytes;
}

/** A zip file's first bytes: an Excel workbook (.xlsx) or an OpenDocument sheet sent as it is saved. */
const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/**
 * `bytes` as UTF-8 text, or 400 `invalid_body` saying what to send instead. A `csv` body that is
 * not UTF-8 is nearly always a spreadsheet saved in its own format or encoding (Excel's plain
 * "CSV" on Windows is Windows-1252), so the message says how to save it.
 */
export function decodeUtf8(bytes: Uint8Array, { csv = false }: { csv?: boolean } = {}): string {
	try {
		return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
	} catch {
		if (!csv) throw new ApiError("invalid_body", "Request body is not valid UTF-8 text.");
		if (zipSignature.every((byte, index) => bytes[index] === byte))
			throw new ApiError(
				"invalid_body",
				"Request body is not valid UTF-8 text: it is a zip file, such as an Excel workbook (.xlsx). Export the sheet as CSV (in Excel: Save As, CSV UTF-8) and send that.",
			);
		throw new ApiError(
			"invalid_body",
			'Request body is not valid UTF-8 text. Save the table as UTF-8 (in Excel: Save As, "CSV UTF-8"; Excel\'s plain "CSV" on Windows is another encoding) and send it again.',
		);
	}
}

/** Reads the body as UTF-8 text, refusing it as soon as it passes `limit` bytes. */
export async function readText(request: Request, limit: number, options: { csv?: boolean } = {}): Promise<string> {
	return decodeUtf8(await readBytes(request, limit), options);
}

export function mediaType(request: Request): string | null {
	const header = request.headers.get("content-type");
	return header ? (header.split(";")[0]?.trim().toLowerCase() ?? null) : null;
}

export function requireJsonContentType(request: Request): void {
	const type = mediaType(request);
	// A missing Content-Type is read as JSON; anything else must say JSON.
	if (type !== null && type !== "application/json" && !type.endsWith("+json")) {
		throw new ApiError("unsupported_media_type", `Send the body as JSON with Content-Type: application/json (got ${type}).`);
	}
}

/** Tab-separated data is CSV to this service: its separator is detected from the header row. */
function tabsAsCsv(type: string | null): string {
	return type === "text/tab-separated-values" ? " Send tab-separated data as text/csv: tabs are read as the separator." : "";
}

export function requireCsvContentType(request: Request): void {
	const type = mediaType(request);
	if (type !== "text/csv") {
		throw new ApiError(
			"unsupported_media_type",
			`Send the CSV as the raw body with Content-Type: text/csv (got ${type ?? "no Content-Type"}).${tabsAsCsv(type)}`,
		);
	}
}

/** Parses JSON text that must be an object, then validates it against `schema`. */
export function parseJsonObject<S extends z.ZodType>(text: string, schema: S): z.output<S> {
	if (text.trim() === "") {
		throw new ApiError("invalid_body", "Request body is empty; send a JSON object (at least {}).");
	}
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		const reason = error instanceof Error ? error.message : "syntax error";
		throw new ApiError("invalid_body", `Request body is not valid JSON: ${reason}`);
	}
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		const got = Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
		throw new ApiError("invalid_body", `Request body must be a JSON object, not ${got}.`);
	}
	const result = schema.safeParse(value);
	if (!result.success) throw validationError(result.error);
	return result.data;
}

/** The media type, which must be one of `allowed` (a binary body: a file and what it is). */
export function requireBinaryContentType(request: Request, allowed: readonly string[]): string {
	const type = mediaType(request);
	if (type === null || !allowed.includes(type)) {
		throw new ApiError(
			"unsupported_media_type",
			`Send the file as the raw body with Content-Type one of ${allowed.join(", ")} (got ${type ?? "no Content-Type"}).${allowed.includes("text/csv") ? tabsAsCsv(type) : ""}`,
			{ allowed },
		);
	}
	return type;
}
