/**
 * `wrangler dev` runs the custom build (`[build]`) a second time once its file watcher is
 * ready, then reloads the Worker: requests in flight during that reload fail with a 503
 * "Your worker restarted mid-request". Suites wait it out before measuring anything: `seconds`
 * of polling `GET /v1/health` (a reload shows as failures), then 3 s of unbroken answers.
 */
export async function waitForSteadyWorker(url: string, seconds = 15): Promise<void> {
	const deadline = performance.now() + 120_000;
	const watchUntil = performance.now() + seconds * 1000;
	let steadySince = performance.now();
	for (;;) {
		const ok = await fetch(`${url}/v1/health`).then(
			(res) => res.ok,
			() => false,
		);
		const now = performance.now();
		if (!ok) steadySince = now;
		if (now >= watchUntil && now - steadySince >= 3000) return;
		if (now > deadline) throw new Error(`wrangler dev on ${url} did not settle within 120 s`);
		await new Promise((r) => setTimeout(r, 100));
	}
}
