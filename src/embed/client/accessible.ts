/**
 * The drawn chart's accessible name and description (`meta.description` or the generated one):
 * the client's drawing replaces the server SVG and its `<title>`/`<desc>`, so the box takes them.
 */
import type { RenderInput } from "../../render/input";

export function describeBox(box: HTMLElement, input: RenderInput, serverSvg: readonly Node[]): void {
	// The server drawings (one per mode) hold the same title and description; the first will do.
	const svg = serverSvg
		.map((node) => (node instanceof SVGSVGElement ? node : node instanceof Element ? node.querySelector("svg") : null))
		.find((node) => node !== null);
	const title = svg?.querySelector("title")?.textContent ?? input.meta.title ?? "Chart";
	const description = input.meta.description ?? svg?.querySelector("desc")?.textContent ?? "";
	box.setAttribute("role", "img");
	box.setAttribute("aria-label", title);
	if (!description) return;
	const desc = document.createElement("p");
	desc.id = "chart-description";
	desc.hidden = true;
	desc.textContent = description;
	box.setAttribute("aria-describedby", desc.id);
	box.after(desc);
}
