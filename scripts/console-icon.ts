/**
 * The console's icon: an SVG the page links (`/favicon.svg`) and, for clients that
 * ask for `/favicon.ico` without reading the page (bookmarks, feed readers, link previews), the
 * same drawing as a 32 px PNG inside an ICO file. Both are written by `build-console.ts`.
 */
import { Resvg } from "@resvg/resvg-js";

/** Three rising bars on the console's accent colour (docs/design.md#console-tokens, light). */
export const consoleIconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
<rect width="32" height="32" rx="7" fill="#0b63ce"/>
<rect x="7" y="17" width="4.5" height="8" rx="1" fill="#fff"/>
<rect x="13.75" y="12" width="4.5" height="13" rx="1" fill="#fff"/>
<rect x="20.5" y="7" width="4.5" height="18" rx="1" fill="#fff"/>
</svg>
`;

const iconSize = 32;

/** An ICO file holding one PNG image (allowed since Windows Vista; every browser reads it). */
export function icoFromPng(png: Uint8Array, size: number): Uint8Array {
	const header = new DataView(new ArrayBuffer(22));
	header.setUint16(0, 0, true); // reserved
	header.setUint16(2, 1, true); // 1: icon
	header.setUint16(4, 1, true); // one image
	header.setUint8(6, size % 256); // width; 0 means 256
	header.setUint8(7, size % 256); // height
	header.setUint8(8, 0); // no palette
	header.setUint8(9, 0); // reserved
	header.setUint16(10, 1, true); // colour planes
	header.setUint16(12, 32, true); // bits per pixel
	header.setUint32(14, png.length, true);
	header.setUint32(18, 22, true); // the image follows the directory
	const ico = new Uint8Array(22 + png.length);
	ico.set(new Uint8Array(header.buffer), 0);
	ico.set(png, 22);
	return ico;
}

export function consoleIconIco(): Uint8Array {
	const png = new Resvg(consoleIconSvg, { fitTo: { mode: "width", value: iconSize } }).render().asPng();
	return icoFromPng(png, iconSize);
}
