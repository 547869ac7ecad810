/**
 * The footer under the plot: `meta.notes` (wrapped, at most a few lines) above one line holding
 * the source (`sourceText`) on the left and "Chart: {byline}" on the right. The source line's box
 * is exported so the embed page can lay a real link (`meta.sourceUrl`) over it.
 */
import type { RenderInput } from "./input";
import { colors } from "./input";
import { textWidth } from "./text-width";

/** Notes longer than this many lines are cut with an ellipsis: the plot must keep its room. */
const maxNoteLines = 4;

export interface Footer {
	/** Pixels the footer takes above the bottom padding. */
	height: number;
	graphics: Record<string, unknown>[];
}

function fontFamily(input: RenderInput): string {
	return `${input.theme.fonts.family}, Inter, 'DejaVu Sans', Helvetica, Arial, sans-serif`;
}

function footerSize(input: RenderInput): number {
	return input.theme.fonts.bodySize * 0.92;
}

/** Greedy word wrap with measured widths; the last kept line ends in "…" when text is left over. */
export function wrapLines(text: string, width: number, measure: (line: string) => number, maxLines = maxNoteLines): string[] {
	const lines: string[] = [];
	let line = "";
	for (const word of text.split(/\s+/).filter(Boolean)) {
		const candidate = line ? `${line} ${word}` : word;
		if (line && measure(candidate) > width) {
			lines.push(line);
			line = word;
		} else line = candidate;
	}
	if (line) lines.push(line);
	if (lines.length <= maxLines) return lines;
	const kept = lines.slice(0, maxLines);
	kept[maxLines - 1] = `${kept[maxLines - 1]} …`;
	return kept;
}

/** The source line's box in pixels (left, top, width, height), or null when nothing is drawn there. */
export function sourceLineBox(input: RenderInput): { left: number; top: number; width: number; height: number } | null {
	const source = input.meta.sourceText?.trim();
	if (!source) return null;
	const size = footerSize(input);
	const { padding } = input.theme.surfaces;
	const height = size * 1.4;
	return { left: padding, top: input.height - padding - height, width: textWidth(source, size, fontFamily(input)), height };
}

export function footer(input: RenderInput): Footer {
	const c = colors(input);
	const { padding } = input.theme.surfaces;
	const size = footerSize(input);
	const lineHeight = size * 1.4;
	const family = fontFamily(input);
	const source = input.meta.sourceText?.trim();
	const byline = input.meta.byline?.trim();
	const notes = input.meta.notes?.trim();
	const style = { fill: c.mutedText, fontSize: size, fontFamily: family };
	const graphics: Record<string, unknown>[] = [];
	let height = 0;
	if (source || byline) {
		height += lineHeight;
		if (source) graphics.push({ type: "text", left: padding, bottom: padding, style: { ...style, text: source } });
		if (byline) graphics.push({ type: "text", right: padding, bottom: padding, style: { ...style, text: `Chart: ${byline}` } });
	}
	if (notes) {
		const width = Math.max(40, input.width - padding * 2);
		const lines = wrapLines(notes, width, (line) => textWidth(line, size, family));
		lines.forEach((line, i) => {
			graphics.push({
				type: "text",
				left: padding,
				bottom: padding + height + (lines.length - 1 - i) * lineHeight + (height > 0 ? 4 : 0),
				style: { ...style, text: line },
			});
		});
		height += lines.length * lineHeight + (height > 0 ? 4 : 0);
	}
	return { height: height > 0 ? height + 4 : 0, graphics };
}
