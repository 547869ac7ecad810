/**
 * The PNG encoder behind opaque exports: a valid file whose pixels read back exactly as given.
 */
import { describe, expect, it } from "vitest";
import { allOpaque, encodePng } from "../../../src/render/png-encode";

interface Chunk {
	type: string;
	data: Uint8Array;
	crc: number;
}

function chunks(png: Uint8Array): Chunk[] {
	const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
	const out: Chunk[] = [];
	for (let offset = 8; offset < png.length; ) {
		const length = view.getUint32(offset);
		const type = new TextDecoder().decode(png.subarray(offset + 4, offset + 8));
		out.push({ type, data: png.subarray(offset + 8, offset + 8 + length), crc: view.getUint32(offset + 8 + length) });
		offset += 12 + length;
	}
	return out;
}

/** CRC-32 written independently of the encoder, bit by bit. */
function referenceCrc(bytes: Uint8Array): number {
	let crc = 0xffffffff;
	for (const byte of bytes) {
		crc ^= byte;
		for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
	}
	return (crc ^ 0xffffffff) >>> 0;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
	const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

function pixelsOf(width: number, height: number): Uint8Array {
	const pixels = new Uint8Array(width * height * 4);
	for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + Math.floor(i / 7)) % 256;
	for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
	return pixels;
}

describe("encodePng", () => {
	it("writes signature, IHDR, IDAT and IEND with correct CRCs, and the pixels read back exactly", async () => {
		const [width, height] = [37, 11];
		const pixels = pixelsOf(width, height);
		const png = await encodePng(pixels, width, height);
		expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
		const parts = chunks(png);
		expect(parts.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
		for (const c of parts) {
			const typed = new Uint8Array(4 + c.data.length);
			typed.set(new TextEncoder().encode(c.type));
			typed.set(c.data, 4);
			expect(c.crc, c.type).toBe(referenceCrc(typed));
		}
		const header = new DataView((parts[0] as Chunk).data.slice().buffer);
		expect([header.getUint32(0), header.getUint32(4), header.getUint8(8), header.getUint8(9)]).toEqual([width, height, 8, 6]);
		const raw = await inflate((parts[1] as Chunk).data);
		expect(raw.length).toBe((width * 4 + 1) * height);
		for (let y = 0; y < height; y++) {
			const row = raw.subarray(y * (width * 4 + 1), (y + 1) * (width * 4 + 1));
			expect(row[0]).toBe(0);
			expect([...row.subarray(1)]).toEqual([...pixels.subarray(y * width * 4, (y + 1) * width * 4)]);
		}
	});

	it("refuses pixels that do not match the size", async () => {
		await expect(encodePng(new Uint8Array(10), 2, 2)).rejects.toThrow(/RGBA/);
	});
});

describe("allOpaque", () => {
	it("is true only when every alpha is 255", () => {
		const pixels = pixelsOf(4, 4);
		expect(allOpaque(pixels)).toBe(true);
		pixels[4 * 9 + 3] = 254;
		expect(allOpaque(pixels)).toBe(false);
	});
});
