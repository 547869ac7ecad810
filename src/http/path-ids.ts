/**
 * Path parameters that name a resource by its id. Which kind of id each is, is read from the
 * route's path (the segment before it names the collection: `/v1/charts/:id` holds a chart id),
 * so a new route cannot forget it. The pipeline answers a parameter not of its kind's shape with
 * the resource's 404 before the handler sees it; the MCP tools build their API paths here, each
 * id checked and every parameter escaped, so no argument can turn a call into another route
 * (`.` and `..`, or `%2e`, are dot segments a URL parser folds away).
 */
import { ApiError } from "../api-error";
import { idPattern, idShapeProblem, type PathIdKind } from "../domain/ids";

const collectionIds: Record<string, PathIdKind> = {
	charts: "chart",
	folders: "folder",
	themes: "theme",
	keys: "key",
	fonts: "font",
};

/** The id parameters of a route path and their kinds: `{ id: "chart" }` for `/v1/charts/:id/copy`. */
export function pathIdKinds(path: string): Record<string, PathIdKind> {
	const kinds: Record<string, PathIdKind> = {};
	const segments = path.split("/");
	segments.forEach((segment, index) => {
		if (!segment.startsWith(":")) return;
		const name = segment.slice(1);
		const kind = collectionIds[segments[index - 1] ?? ""];
		if (kind !== undefined) kinds[name] = kind;
		else if (name === "id") throw new Error(`${path}: :id follows a segment that names no kind of id; add it to path-ids.ts`);
	});
	return kinds;
}

/** An id parameter as the OpenAPI document states it: its shape as a pattern, and what one off it answers. */
export function pathIdParameter(kind: PathIdKind): { description: string; schema: { type: "string"; pattern: string } } {
	return {
		description: `The ${kind}'s id, as the API gave it. One not of this shape answers 404 \`not_found\`.`,
		schema: { type: "string", pattern: idPattern(kind) },
	};
}

/** The first id parameter not of its kind's shape, said as the API's 404; null when every one is. */
export function pathIdRefusal(kinds: Record<string, PathIdKind>, params: Record<string, string>): ApiError | null {
	for (const [name, kind] of Object.entries(kinds)) {
		const problem = idShapeProblem(kind, params[name] ?? "");
		if (problem !== null) return new ApiError("not_found", `No such ${kind}. ${problem}`);
	}
	return null;
}

export type BuiltPath = { path: string } | { parameter: string; problem: string };

/**
 * `/v1/charts/:id/export/:format` with its parameters filled in: each id checked against its
 * kind's shape, every other parameter refused when empty, `.` or `..`, and each escaped.
 */
export function buildPath(template: string, params: Record<string, string | number>): BuiltPath {
	const kinds = pathIdKinds(template);
	const segments: string[] = [];
	for (const segment of template.split("/")) {
		if (!segment.startsWith(":")) {
			segments.push(segment);
			continue;
		}
		const name = segment.slice(1);
		const value = String(params[name] ?? "");
		const kind = kinds[name];
		const problem =
			kind !== undefined
				? idShapeProblem(kind, value)
				: value === "" || value === "." || value === ".."
					? `${JSON.stringify(value)} names nothing: give a value from the API.`
					: null;
		if (problem !== null) return { parameter: name, problem };
		segments.push(encodeURIComponent(value));
	}
	return { path: segments.join("/") };
}
