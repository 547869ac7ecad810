/**
 * The Worker as deployed, with its storage bindings counted (`npm run bench -- queries`):
 * every D1 statement (one per statement of a batch), every R2 operation and every Durable Object
 * call a request makes, at the bindings themselves, so nothing is estimated. `GET /bench/counts`
 * answers the counts since the last read and starts them again. Bench only; never deployed.
 */
import worker from "../../src/index";
import { countsPath } from "./counts-path";

export { AccountLimiter, ExportGate } from "../../src/index";

interface Counts {
	d1: number;
	r2: number;
	durableObject: number;
	/** Each counted call by what it was (`d1.first`, `r2.get`, `do.EXPORT_GATE.acquire`…), for the docs' breakdown. */
	calls: Record<string, number>;
}

let counts: Counts = { d1: 0, r2: 0, durableObject: 0, calls: {} };

function count(kind: "d1" | "r2" | "durableObject", call: string, n = 1): void {
	counts[kind] += n;
	counts.calls[call] = (counts.calls[call] ?? 0) + n;
}

const statementRuns = new Set(["first", "all", "run", "raw"]);

/** Statements inside `batch` arrive as our counted proxies; D1 needs its own objects back. */
const originals = new WeakMap<object, D1PreparedStatement>();

/** A prepared statement whose runs are counted; `bind` keeps counting on the bound copy. */
function countedStatement(statement: D1PreparedStatement): D1PreparedStatement {
	const counted = new Proxy(statement, {
		get(target, property, receiver) {
			const value = Reflect.get(target, property, receiver);
			if (typeof value !== "function") return value;
			if (property === "bind") return (...values: unknown[]) => countedStatement(value.apply(target, values));
			if (typeof property === "string" && statementRuns.has(property)) {
				return (...args: unknown[]) => {
					count("d1", `d1.${property}`);
					return value.apply(target, args);
				};
			}
			return value.bind(target);
		},
	});
	originals.set(counted, statement);
	return counted;
}

function countedD1<T extends D1Database | D1DatabaseSession>(db: T): T {
	return new Proxy(db, {
		get(target, property, receiver) {
			const value = Reflect.get(target, property, receiver);
			if (typeof value !== "function") return value;
			if (property === "prepare") {
				return (query: string) => countedStatement(value.call(target, query) as D1PreparedStatement);
			}
			if (property === "batch") {
				return (statements: D1PreparedStatement[]) => {
					count("d1", "d1.batch statement", statements.length);
					return value.call(
						target,
						statements.map((statement) => originals.get(statement) ?? statement),
					);
				};
			}
			// The API's requests query through a D1 session (src/http/d1-session.ts): count in it too.
			if (property === "withSession") {
				return (start?: string) => countedD1(value.call(target, start) as D1DatabaseSession);
			}
			if (property === "exec") {
				return (query: string) => {
					count("d1", "d1.exec");
					return value.call(target, query);
				};
			}
			return value.bind(target);
		},
	});
}

function countedR2(bucket: R2Bucket): R2Bucket {
	return new Proxy(bucket, {
		get(target, property, receiver) {
			const value = Reflect.get(target, property, receiver);
			if (typeof value !== "function") return value;
			return (...args: unknown[]) => {
				count("r2", `r2.${String(property)}`);
				return value.apply(target, args);
			};
		},
	});
}

/** A namespace whose stubs count every call (RPC method or fetch) made on them. */
function countedNamespace<T extends Rpc.DurableObjectBranded | undefined>(name: string, namespace: DurableObjectNamespace<T>) {
	return new Proxy(namespace, {
		get(target, property, receiver) {
			const value = Reflect.get(target, property, receiver);
			if (typeof value !== "function") return value;
			if (property === "get" || property === "getByName") {
				return (...args: unknown[]) => {
					const stub = value.apply(target, args) as Record<string, (...callArgs: unknown[]) => unknown>;
					// A stand-in, not a Proxy of the stub: workerd's RPC stubs are proxies themselves, and
					// calling through a trap on them loses the call. Every method is called on the stub itself.
					return new Proxy(
						{},
						{
							get(_, method) {
								if (typeof method !== "string" || method === "then") return undefined;
								return (...callArgs: unknown[]) => {
									count("durableObject", `do.${name}.${method}`);
									return stub[method]?.(...callArgs);
								};
							},
						},
					);
				};
			}
			return value.bind(target);
		},
	});
}

const wrapped = new WeakMap<Env, Env>();

/** The same env with counted bindings, made once per env object (config is cached by its identity). */
function countedEnv(env: Env): Env {
	let counted = wrapped.get(env);
	if (!counted) {
		counted = {
			...env,
			DB: countedD1(env.DB),
			BLOBS: countedR2(env.BLOBS),
			ACCOUNT_LIMITER: countedNamespace("ACCOUNT_LIMITER", env.ACCOUNT_LIMITER),
			EXPORT_GATE: countedNamespace("EXPORT_GATE", env.EXPORT_GATE),
		};
		wrapped.set(env, counted);
	}
	return counted;
}

export default {
	async fetch(request, env, ctx): Promise<Response> {
		if (new URL(request.url).pathname === countsPath) {
			const answer = Response.json(counts);
			counts = { d1: 0, r2: 0, durableObject: 0, calls: {} };
			return answer;
		}
		return worker.fetch(request, countedEnv(env), ctx);
	},
} satisfies ExportedHandler<Env>;
