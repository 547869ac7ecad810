/**
 * Keeps the page's source link (`meta.sourceUrl`, a real `<a rel="noopener nofollow">` laid over
 * the drawn source line) where the client draws the line, at the frame's size, in pixels.
 */
import { sourceLineBox } from "../../render/footer";
import type { RenderInput } from "../../render/input";

export function placeSourceLink(main: HTMLElement, input: RenderInput): void {
	const link = main.querySelector<HTMLAnchorElement>("a.source-link");
	const box = sourceLineBox(input);
	if (!link || !box) return;
	link.style.left = `${box.left}px`;
	link.style.top = `${box.top}px`;
	link.style.width = `${box.width}px`;
	link.style.height = `${box.height}px`;
	// After the chart's box in the document, so it is above the drawing and reachable by Tab.
	main.append(link);
}
