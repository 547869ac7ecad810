/**
 * RGBA pixels → PNG, compressed by the runtime's own zlib (`CompressionStream`, native code in
 * workerd) instead of resvg's encoder compiled to WebAssembly. Rows are stored unfiltered:
 * charts are long runs of one colour, which deflate shrinks as well as any PNG filter would
 * (measured: the files come out as small or smaller), and filtering would cost a JavaScript
 * pass over every byte. The pixels are unchanged, so the image is identical.
 */

const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

let crcTable: Uint32Array | undefined;

function crc32(chunks: Uint8Array[]): number {
	if (!crcTable) {
		crcTable = new Uint32Array(256);
		for (let n = 0; n < 256; n++) {
			let c = n;
			for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
			crcTable[n] = c >>> 0;
		}
	}
	const table = crcTable;
	let crc = 0xffffffff;
	for (const bytes of chunks)
		for (let i = 0; i < bytes.length; i++) crc = (table[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
	const out = new Uint8Array(12 + data.length);
	const view = new DataView(out.buffer);
	view.setUint32(0, data.length);
	const typeBytes = new TextEncoder().encode(type);
	out.set(typeBytes, 4);
	out.set(data, 8);
	view.setUint32(8 + data.length, crc32([typeBytes, data]));
	return out;
}

async function zlibDeflate(bytes: Uint8Array): Promise<Uint8Array> {
	const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A PNG of `width`×`height` straight (not premultiplied) 8-bit RGBA pixels, row by row. */
export async function encodePng(pixels: Uint8Array, width: number, height: number): Promise<Uint8Array> {
	const stride = width * 4;
	if (pixels.length !== stride * height) throw new Error(`encodePng: ${pixels.length} bytes are not ${width}×${height} RGBA`);
	// Each row is preceded by its filter type, 0 (none).
	const raw = new Uint8Array((stride + 1) * height);
	for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
	const header = new Uint8Array(13);
	const view = new DataView(header.buffer);
	view.setUint32(0, width);
	view.setUint32(4, height);
	header.set([8, 6, 0, 0, 0], 8); // 8 bits per sample, RGBA, deflate, adaptive filtering, no interlace
	const parts = [signature, chunk("IHDR", header), chunk("IDAT", await zlibDeflate(raw)), chunk("IEND", new Uint8Array(0))];
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let offset = 0;
	for (const part of parts) {
		out.set(part, offset);
		offset += part.length;
	}
	return out;
}

/** Whether every pixel is opaque: then premultiplied RGBA (resvg's pixmap) is straight RGBA as it is. */
export function allOpaque(pixels: Uint8Array): boolean {
	for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return false;
	return true;
}
