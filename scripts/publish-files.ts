/**
 * Puts a build's output in place without a moment in which a running server sees half of it
 * (`npm run build` under `npm start` left every console route at 500). A build writes
 * into a staging directory beside its target; here each file then replaces its old self with one
 * `rename`, which is atomic on one filesystem, so a reader sees the old file or the new one,
 * never a missing or half-written one. The target directory itself is never removed: wrangler's
 * asset watcher keeps watching it and reloads the assets once the files are in. A file whose
 * bytes did not change is left alone, so an unchanged build changes nothing on disk.
 */
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** Every file under `dir`, as paths relative to it (`/`-separated). */
async function filesUnder(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
		.sort();
}

async function sameBytes(a: Uint8Array, path: string): Promise<boolean> {
	const b = await readFile(path).catch(() => null);
	return b !== null && Buffer.compare(a, b) === 0;
}

/** Writes `bytes` to `path` through a temporary sibling and a rename; leaves an identical file untouched. */
export async function replaceFile(path: string, bytes: Uint8Array): Promise<void> {
	if (await sameBytes(bytes, path)) return;
	await mkdir(dirname(path), { recursive: true });
	const next = `${path}.next-${process.pid}`;
	await writeFile(next, bytes);
	await rename(next, path);
}

export interface PublishOptions {
	/** Files moved in after all others: the ones that name the rest (a page naming its hashed scripts). */
	last: readonly string[];
	/**
	 * Where the list of the published files is kept (outside the target, which is served). Files
	 * of the build before are kept beside the new ones, so a page loaded before the build can still
	 * load its lazy chunks; older files are removed.
	 */
	record: string;
	/** A folder of the target that another build writes (the embed build's `_static/`): never removed here. */
	foreign?: string;
}

/** Moves every file of `staging` into `target` (see above), then removes `staging`. */
export async function publishDirectory(staging: string, target: string, options: PublishOptions): Promise<void> {
	const files = await filesUnder(staging);
	const ordered = [...files.filter((file) => !options.last.includes(file)), ...options.last.filter((file) => files.includes(file))];
	await mkdir(target, { recursive: true });
	for (const file of ordered) {
		const from = join(staging, file);
		const to = join(target, file);
		if (await sameBytes(await readFile(from), to)) continue;
		await mkdir(dirname(to), { recursive: true });
		await rename(from, to);
	}
	const previous = await readFile(options.record, "utf8").then(
		(text) => JSON.parse(text) as string[],
		() => [],
	);
	const kept = new Set([...files, ...previous]);
	for (const file of await filesUnder(target)) {
		if (!kept.has(file) && !(options.foreign && file.startsWith(options.foreign))) await unlink(join(target, file));
	}
	await replaceFile(options.record, new TextEncoder().encode(`${JSON.stringify(files, null, "\t")}\n`));
	await rm(staging, { recursive: true, force: true });
}
