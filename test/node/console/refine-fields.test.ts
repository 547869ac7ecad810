/**
 * The Refine form is generated from the schema the API validates `meta` with: a setting added to
 * the zod schema becomes a control with no console change. Run: node --import tsx --test test/node/console/
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";

/** The document the console reads from `GET /v1/schema/meta.json` (made as `src/api/meta-schema.ts` makes it). */
const metaJsonSchema = () => z.toJSONSchema(Meta, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema;

import { z } from "zod";
import { excludedFromForm } from "../../../src/console/screens/editor/steps/refine/meta-schema.ts";
import type { Field, JsonSchema } from "../../../src/console/screens/editor/steps/refine/schema-fields.ts";
import {
	apiPath,
	fieldsFor,
	fieldsForKind,
	patchAt,
	sentenceCase,
	unknownKeys,
} from "../../../src/console/screens/editor/steps/refine/schema-fields.ts";
import { Meta } from "../../../src/domain/meta.ts";

function schemaOf(schema: z.ZodType): JsonSchema {
	return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

function byKey(fields: Field[], key: string): Field {
	const field = fields.find((f) => f.key === key);
	assert.ok(field, `no field "${key}" in ${fields.map((f) => f.key).join(", ")}`);
	return field;
}

describe("the Refine form's fields", () => {
	it("has a field for every setting of the API's meta schema, less those with their own controls", () => {
		const schema = metaJsonSchema();
		const fields = fieldsFor(schema, [], excludedFromForm);
		const expected = Object.keys(schema.properties ?? {}).filter((key) => !excludedFromForm.includes(key));
		assert.deepEqual(
			fields.map((f) => f.key),
			expected,
		);
		assert.ok(!fields.some((f) => f.key === "title"), "the title is the frame's name field");
		assert.equal(byKey(fields, "subtitle").control, "text");
		assert.equal(byKey(fields, "w").control, "number");
		assert.equal(byKey(fields, "seriesTransform").control, "record");
	});

	it("picks up a setting added to the schema, with a control by its type", () => {
		const withExtra = z.looseObject({
			subtitle: z.string().max(2000).optional(),
			watermark: z
				.object({
					text: z
						.string()
						.max(80)
						.describe("What the watermark says")
						.meta({ examples: ["Draft"] }),
					opacity: z.number().min(0).max(1).optional(),
					corner: z.enum(["top-left", "top-right", "bottom-left", "bottom-right"]).optional(),
					tiled: z.boolean().optional(),
				})
				.optional()
				.describe("A watermark over the chart"),
			markers: z
				.array(
					z.discriminatedUnion("type", [
						z.object({ type: z.literal("dot"), at: z.union([z.string(), z.number()]) }).describe("A dot"),
						z.object({ type: z.literal("ring"), radius: z.number().int().min(1).max(20) }),
					]),
				)
				.max(10)
				.optional(),
			tags: z.array(z.string().max(30)).optional(),
			seriesGlow: z.record(z.string(), z.object({ strength: z.number().min(0).max(5).optional() })).optional(),
		});
		const fields = fieldsFor(schemaOf(withExtra));
		assert.deepEqual(
			fields.map((f) => [f.key, f.control]),
			[
				["subtitle", "text"],
				["watermark", "object"],
				["markers", "items"],
				["tags", "list"],
				["seriesGlow", "record"],
			],
		);
		const watermark = byKey(fields, "watermark");
		assert.equal(watermark.label, "Watermark");
		assert.equal(watermark.hint, "A watermark over the chart");
		assert.ok(watermark.control === "object");
		const text = byKey(watermark.fields, "text");
		assert.equal(text.control, "text");
		assert.equal(text.required, true);
		assert.equal(text.example, "Draft");
		assert.deepEqual(text.path, ["watermark", "text"]);
		const opacity = byKey(watermark.fields, "opacity");
		assert.ok(opacity.control === "number");
		assert.equal(opacity.min, 0);
		assert.equal(opacity.max, 1);
		const corner = byKey(watermark.fields, "corner");
		assert.ok(corner.control === "choice");
		assert.equal(corner.style, "select", "four long choices are a select");
		assert.equal(byKey(watermark.fields, "tiled").control, "boolean");

		const markers = byKey(fields, "markers");
		assert.ok(markers.control === "items");
		assert.equal(markers.discriminator, "type");
		assert.deepEqual(
			markers.variants.map((v) => v.tag),
			["dot", "ring"],
		);
		assert.deepEqual(markers.variants[1]?.blank(), { type: "ring", radius: 1 });
		assert.equal(byKey(markers.variants[0]?.fields ?? [], "at").control, "scalars");

		const glow = byKey(fields, "seriesGlow");
		assert.ok(glow.control === "record");
		assert.ok(glow.value.control === "object");
		assert.deepEqual(byKey(glow.value.fields, "strength").path, ["seriesGlow", "*", "strength"]);
	});

	it("falls back to JSON for what it cannot draw a control for", () => {
		const fields = fieldsFor(schemaOf(z.object({ anything: z.unknown(), mixed: z.union([z.string(), z.object({ a: z.string() })]) })));
		assert.equal(byKey(fields, "anything").control, "json");
		assert.equal(byKey(fields, "mixed").control, "json");
	});

	it("labels in sentence case", () => {
		assert.equal(sentenceCase("sourceText"), "Source text");
		assert.equal(sentenceCase("sourceUrl"), "Source URL");
		assert.equal(sentenceCase("halfPie"), "Half pie");
		assert.equal(sentenceCase("colorScale"), "Colour scale");
		assert.equal(sentenceCase("colors"), "Colours");
	});

	it("keeps settings it does not know", () => {
		assert.deepEqual(unknownKeys(metaJsonSchema(), { subtitle: "a", madeByScript: { x: 1 } }), ["madeByScript"]);
	});

	it("writes merge patches at a path, removing objects a removal leaves empty", () => {
		assert.deepEqual(patchAt({}, ["axes", "x", "title"], "Seats"), { axes: { x: { title: "Seats" } } });
		assert.deepEqual(patchAt({ axes: { x: { title: "Seats" } } }, ["axes", "x", "title"], null), { axes: null });
		assert.deepEqual(patchAt({ axes: { x: { title: "Seats", min: 0 } } }, ["axes", "x", "title"], null), {
			axes: { x: { title: null } },
		});
		assert.equal(apiPath(["annotations", "2", "text"]), "meta.annotations[2].text");
	});
});

describe("the Refine form's words", () => {
	/** Every hint and label of the form, nested fields included. */
	function wordsOf(fields: Field[]): string[] {
		return fields.flatMap((field) => {
			const own = [field.label, field.hint ?? ""];
			const nested = "fields" in field && Array.isArray(field.fields) ? wordsOf(field.fields as Field[]) : [];
			return [...own, ...nested];
		});
	}

	it("speaks a newsroom's words where the API's description names headers, HTML or file internals", () => {
		const words = wordsOf(fieldsFor(metaJsonSchema(), [], excludedFromForm)).join("\n");
		for (const jargon of ["X-Render-Warnings", "noopener", "<desc>", "PDF's Subject", "?mode=", "library-backed"]) {
			assert.ok(!words.includes(jargon), `the form says "${jargon}"`);
		}
		assert.match(words, /for readers who cannot see it/);
	});

	it("calls the chart's own light/dark setting Colour scheme, apart from the preview's Preview light/dark", () => {
		const mode = fieldsFor(metaJsonSchema(), [], excludedFromForm).find((field) => field.key === "mode");
		assert.equal(mode?.label, "Colour scheme");
		assert.match(mode?.hint ?? "", /follow each reader's light or dark setting/);
		// An embed drawn light stays light in a dark article: said where the scheme is chosen.
		assert.match(mode?.hint ?? "", /^Light, the default, stays light even in an article shown dark; Auto/);
	});
});

describe("the Refine form's settings for the chart's kind", () => {
	const keysFor = (kind: string, meta: Record<string, unknown> = {}) =>
		fieldsForKind(fieldsFor(metaJsonSchema(), [], excludedFromForm), kind, meta).map((field) => field.key);

	it("offers a line chart no colour scale, bar race, table or period settings", () => {
		const keys = keysFor("line");
		for (const key of ["colorScale", "race", "table", "period"]) assert.ok(!keys.includes(key), `a line chart is offered ${key}`);
		assert.ok(keys.includes("legend"), "settings for every kind stay");
	});

	it("offers each of them for the kinds it changes, and keeps a value already set in view", () => {
		assert.ok(keysFor("map").includes("colorScale"));
		assert.ok(keysFor("horizontal-bar").includes("race"));
		assert.ok(keysFor("table").includes("table"));
		assert.ok(keysFor("pie").includes("period"));
		assert.ok(keysFor("line", { race: { enabled: true } }).includes("race"), "a set value is hidden");
	});
});
