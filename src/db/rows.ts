/**
 * JSON columns are text in D1; they are parsed back through zod so a malformed row fails
 * loudly here instead of leaking a wrong shape into a response.
 */
import type { z } from "zod";

export function parseJsonColumn<S extends z.ZodType>(schema: S, text: string, column: string): z.output<S> {
	const result = schema.safeParse(JSON.parse(text));
	if (!result.success) throw new Error(`stored ${column} does not match its schema: ${result.error.message}`);
	return result.data;
}
