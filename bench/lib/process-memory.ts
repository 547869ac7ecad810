/**
 * The resident memory of the workerd process serving a `wrangler dev` port: found by the
 * listening socket (`ss -ltnp`), read from /proc. Linux only, like the rest of the bench.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function listeningPid(port: number): Promise<number> {
	const { stdout } = await run("ss", ["-ltnpH", `sport = :${port}`]);
	const pid = /pid=(\d+)/.exec(stdout)?.[1];
	if (!pid) throw new Error(`no process listens on port ${port}: ${stdout}`);
	return Number(pid);
}

export async function rssMiB(pid: number): Promise<number> {
	const status = await readFile(`/proc/${pid}/status`, "utf8");
	const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
	if (!kib) throw new Error(`no VmRSS for process ${pid}`);
	return Number(kib) / 1024;
}
