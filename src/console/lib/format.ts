/** Words and numbers for people (docs/design.md#console-copy): relative times, locale numbers, kind names. */

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto", style: "short" });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const numbers = new Intl.NumberFormat();

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
	["second", 60],
	["minute", 60],
	["hour", 24],
	["day", 7],
	["week", 4.35],
	["month", 12],
	["year", Number.POSITIVE_INFINITY],
];

/** "2 hr. ago", "yesterday", … in the person's locale. */
export function timeAgo(iso: string, now = Date.now()): string {
	let amount = (new Date(iso).getTime() - now) / 1000;
	if (Math.abs(amount) < 45) return "just now";
	for (const [unit, size] of steps) {
		if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
		amount /= size;
	}
	return exact.format(new Date(iso));
}

export function exactTime(iso: string): string {
	return exact.format(new Date(iso));
}

export function formatCount(value: number): string {
	return numbers.format(value);
}

/** "3 charts", "1 chart". */
export function plural(count: number, one: string, many = `${one}s`): string {
	return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/**
 * A file's size as people see it in their file manager: "383 KB", "1.5 MB" (powers of 1,024,
 * with the familiar KB and MB rather than KiB and MiB), in the person's locale.
 */
export function fileSize(bytes: number): string {
	if (bytes < 1024 * 1024) return `${numbers.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
	return `${oneDecimal.format(bytes / 1024 / 1024)} MB`;
}
