/** A scripted `fetch` for the unit tests: queued answers, recorded requests and waits. */
import { ChartsClient, type ClientOptions, type RetryPolicy } from "../src/index.js";

export type Answer = Response | ((request: Request) => Response | Promise<Response>);

export function errorAnswer(
	status: number,
	code: string,
	message: string,
	details?: unknown,
	headers: Record<string, string> = {},
): Response {
	return Response.json({ error: details === undefined ? { code, message } : { code, message, details } }, { status, headers });
}

export class FakeFetch {
	readonly requests: Request[] = [];
	readonly bodies: string[] = [];
	readonly sleeps: number[] = [];
	private readonly answers: Answer[] = [];

	queue(...answers: Answer[]): this {
		this.answers.push(...answers);
		return this;
	}

	readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		const request = new Request(input, init);
		this.requests.push(request.clone());
		this.bodies.push(await request.text());
		const answer = this.answers.shift();
		if (!answer) throw new Error(`unexpected ${request.method} ${request.url}`);
		return typeof answer === "function" ? answer(request) : answer;
	};

	client(retry?: RetryPolicy, options: Pick<ClientOptions, "bookmark" | "readYourWrites"> = {}): ChartsClient {
		return new ChartsClient({
			...options,
			baseUrl: "https://charts.test/",
			apiKey: "cs_test",
			fetch: this.fetch,
			retry,
			sleep: async (ms) => {
				this.sleeps.push(ms);
			},
		});
	}

	json(index = -1): unknown {
		return JSON.parse(this.bodies.at(index) ?? "null");
	}
}
