/**
 * Answers of the console's font routes (docs/design.md#d33), for validation-free typing and the console's
 * OpenAPI document.
 */
import { z } from "zod";

export const ConsoleFont = z
	.object({
		id: z.string(),
		family: z.string().meta({ description: "What a theme's `fonts.family` names to draw with this font" }),
		style: z.enum(["normal", "italic"]),
		weight: z.number().int().meta({ description: "CSS weight, 1–1000" }),
		scripts: z.array(z.string()).meta({ description: "Scripts the font covers, e.g. Latin, Greek, Cyrillic", example: ["Latin", "Greek"] }),
		format: z.enum(["ttf", "otf"]),
		byteSize: z.number().int(),
		createdAt: z.string(),
		fileUrl: z.string().meta({ description: "Where the console loads the file from (`GET /console/api/fonts/{id}/file`)" }),
	})
	.meta({ id: "ConsoleFont" });

export const ConsoleFontList = z.object({ fonts: z.array(ConsoleFont) }).meta({ id: "ConsoleFontList" });
