/**
 * The editor's preview tools in a real browser against a real
 * `wrangler dev`: a colour warning beside the preview and its one-click fix (saved, and the API's
 * checks agree), the simulated colour-vision toggle, a note placed by clicking the chart, edited
 * in place, given an arrow and dragged to another category, and a custom preview width drawn as
 * the embed's width class; on horizontal bars a note's text drawn at its handle and a new arrow
 * with a length. Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { ConsoleFixture, SignedInPage } from "../harness/browser/console-fixture.ts";
import { assertNoHorizontalOverflow, startConsole } from "../harness/browser/console-fixture.ts";
import { eventually } from "../harness/browser/eventually.ts";

const port = 9250;
const skip = chromiumMissing() ?? false;

const csv = "year,North,South\n2019,10,14\n2020,12,13\n2021,15,11\n2022,14,16\n2023,18,15\n";

interface Note {
	type: string;
	x: string | number;
	y: string | number;
	text: string;
	arrow?: { x: string | number; y: string | number };
}

/** Where category `index` of 5 lies on the drawn plot, in page pixels (from the x-axis labels ECharts drew). */
async function categoryX(page: Page, label: string): Promise<number> {
	const box = await page
		.locator(".preview-drawing svg text", { hasText: new RegExp(`^${label}$`) })
		.first()
		.boundingBox();
	assert.ok(box, `no axis label ${label}`);
	return box.x + box.width / 2;
}

describe("console preview tools", { skip }, () => {
	let fixture: ConsoleFixture;

	before(async () => {
		fixture = await startConsole(port, { demoCharts: false });
	});
	after(async () => {
		await fixture?.stop();
	});

	async function createChart(meta: Record<string, unknown>): Promise<string> {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", { kind: "line", data: csv, meta });
		return String(created.id);
	}

	async function metaOf(id: string): Promise<Record<string, unknown>> {
		return ((await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}`)) as { meta: Record<string, unknown> }).meta;
	}

	async function openEditor(id: string, options?: Parameters<ConsoleFixture["signedInPage"]>[1]): Promise<SignedInPage> {
		const opened = await fixture.signedInPage(fixture.demo.editor, options);
		await opened.page.goto(`${fixture.server.url}/charts/${id}`);
		await opened.page.locator(".preview-drawing svg text").first().waitFor();
		return opened;
	}

	it("shows a pale series' contrast warning and fixes it in one click; simulates colour vision", async () => {
		const id = await createChart({ title: "Pale north", theme: "classic", seriesStyle: { North: { color: "#bbbbbb" } } });
		// Dark first: the light run fixes the colour.
		for (const mode of ["dark", "light"] as const) {
			const { page, problems, context } = await openEditor(id, { mode });
			const panel = page.getByRole("region", { name: "1 colour warning" });
			await panel.waitFor();
			await panel.getByText("Series “North” (#bbbbbb) is 1.91:1 on the light background").waitFor();
			await assertAccessible(page, `the editor with a colour warning (${mode})`);
			if (mode === "dark") {
				await page.getByRole("button", { name: "1 colour warning" }).waitFor();
				await context.close();
				assert.deepEqual(problems, []);
				continue;
			}
			// The API answers the same finding, with the same suggestion.
			const api = (await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}/checks`)) as {
				checks: { id: string; suggestion?: { color: string } }[];
			};
			const suggested = api.checks.find((c) => c.id === "contrast:light:series:North")?.suggestion?.color;
			assert.ok(suggested, "the API suggests no colour");

			// The simulated preview filters the drawing with the deficiency's matrix.
			await page.getByLabel("Simulate colour vision").selectOption("deuteranopia");
			assert.equal(await page.locator(".preview-drawing").evaluate((e) => (e as HTMLElement).style.filter), 'url("#cvd-deuteranopia")');
			await page.getByLabel("Simulate colour vision").selectOption("none");

			await panel.getByRole("button", { name: `Use ${suggested} for North` }).click();
			await page.getByRole("region", { name: "Colours pass the accessibility checks" }).waitFor();
			await eventually("the colour saved", async () => {
				const meta = (await metaOf(id)) as { seriesStyle?: { North?: { color?: string } } };
				return meta.seriesStyle?.North?.color === suggested;
			});
			const after = (await fixture.api(fixture.demo.editor, "GET", `/v1/charts/${id}/checks`)) as { checks: unknown[] };
			assert.deepEqual(after.checks, []);
			// Undo brings the warning back.
			await page.getByRole("button", { name: "Undo", exact: true }).click();
			await page.getByRole("region", { name: "1 colour warning" }).waitFor();
			await eventually("the undo saved", async () => {
				const meta = (await metaOf(id)) as { seriesStyle?: { North?: { color?: string } } };
				return meta.seriesStyle?.North?.color === "#bbbbbb";
			});
			assert.deepEqual(problems, []);
			await context.close();
		}
	});

	it("places a note by clicking the chart, edits it in place, gives it an arrow and drags it", async () => {
		const id = await createChart({ title: "Notes by hand", theme: "classic" });
		const { page, problems, context } = await openEditor(id);
		const plot = await page.locator(".preview-drawing svg").boundingBox();
		assert.ok(plot);
		await page.getByRole("button", { name: "Add note" }).click();
		await page.getByText("Click on the chart where the note goes.").waitFor();
		const at2021 = await categoryX(page, "2021");
		await page.mouse.click(at2021 + 4, plot.y + plot.height * 0.4);

		const editor = page.getByRole("form", { name: "Edit note" });
		await editor.getByLabel("Note text").fill("Turning point");
		await assertAccessible(page, "the editor with a note being edited");
		await editor.getByRole("button", { name: "Done" }).click();
		const placed = await eventually("the note saved", async () => {
			const notes = (await metaOf(id)).annotations as Note[] | undefined;
			return notes?.[0]?.text === "Turning point" ? notes[0] : null;
		});
		// Snapped: the category under the pointer, a round value.
		assert.equal(placed.type, "text");
		assert.equal(placed.x, "2021");
		assert.equal(typeof placed.y, "number");
		assert.equal(Number((placed.y as number).toFixed(2)), placed.y);
		await page.locator(".preview-drawing svg text", { hasText: "Turning point" }).waitFor();

		// Press the note's handle to edit it: an arrow to the point it was at.
		const grip = page.getByRole("button", { name: /^Note “Turning point” at 2021/ });
		await grip.click();
		await editor.getByLabel("Arrow to the point").check();
		await editor.getByRole("button", { name: "Done" }).click();
		const withArrow = await eventually("the arrow saved", async () => {
			const note = ((await metaOf(id)).annotations as Note[] | undefined)?.[0];
			return note?.arrow ? note : null;
		});
		assert.equal(withArrow.arrow?.x, "2021");

		// Drag the note to 2022: the note moves, the arrow's point stays.
		const from = await page.getByRole("button", { name: /^Note “Turning point”/ }).boundingBox();
		assert.ok(from);
		const at2022 = await categoryX(page, "2022");
		await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
		await page.mouse.down();
		await page.mouse.move(at2022, from.y + from.height / 2, { steps: 8 });
		await page.mouse.up();
		const dragged = await eventually("the drag saved", async () => {
			const note = ((await metaOf(id)).annotations as Note[] | undefined)?.[0];
			return note?.x === "2022" ? note : null;
		});
		assert.deepEqual(dragged.arrow, withArrow.arrow);
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("draws a note on horizontal bars where its handle is, and a new arrow with a length", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "horizontal-bar",
			data: "party,2022,2026\nGreens,19,24\nLabour,38,31\nLiberals,12,15\n",
			meta: { title: "Notes on bars", theme: "classic", annotations: [{ type: "text", x: 30, y: "Labour", text: "Look here" }] },
		});
		const id = String(created.id);
		const { page, problems, context } = await openEditor(id);
		const centre = async (box: { x: number; y: number; width: number; height: number } | null) => {
			assert.ok(box);
			return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
		};
		const grip = page.getByRole("button", { name: /^Note “Look here” at 30, Labour/ });
		// The drawing and the handles over it are laid out on their own time (the handles after the
		// drawing, both again once the fonts are in): measure both once they agree, or fail on the last.
		const measure = async () => ({
			handle: await centre(await grip.boundingBox()),
			text: await centre(await page.locator(".preview-drawing svg text", { hasText: /^Look here$/ }).boundingBox()),
		});
		const textAbove = ({ handle, text }: Awaited<ReturnType<typeof measure>>) =>
			Math.abs(text.x - handle.x) < 4 && handle.y - text.y > 0 && handle.y - text.y < 18;
		await eventually("the note's text beside its handle", async () => textAbove(await measure()), 10_000).catch(() => undefined);
		const { handle, text } = await measure();
		// The text sits just above its point (a label's distance), not at one series' bar in the band.
		assert.ok(Math.abs(text.x - handle.x) < 4, `text at x ${text.x}, handle at ${handle.x}`);
		assert.ok(handle.y - text.y > 0 && handle.y - text.y < 18, `text at y ${text.y}, handle at ${handle.y}`);

		// A new arrow points at where the note was, and the note moves off it: a line, not a lone head.
		await grip.click();
		const editor = page.getByRole("form", { name: "Edit note" });
		await editor.getByLabel("Arrow to the point").check();
		await editor.getByRole("button", { name: "Done" }).click();
		const note = await eventually("the arrow saved", async () => {
			const saved = ((await metaOf(id)).annotations as Note[] | undefined)?.[0];
			return saved?.arrow ? saved : null;
		});
		assert.deepEqual(note.arrow, { x: 30, y: "Labour" });
		assert.notDeepEqual({ x: note.x, y: note.y }, note.arrow);
		const handles = async () => ({
			head: await centre(await page.getByRole("button", { name: /^Arrow of note “Look here”/ }).boundingBox()),
			moved: await centre(await page.getByRole("button", { name: /^Note “Look here”/ }).boundingBox()),
		});
		// The handles follow the redrawn note a moment after the change: wait for them to settle there.
		await eventually(
			"the arrow's handles in place",
			async () => {
				const { head: h, moved: m } = await handles();
				return Math.hypot(m.x - h.x, m.y - h.y) >= 24 && Math.abs(h.x - handle.x) < 2 && Math.abs(h.y - handle.y) < 2;
			},
			10_000,
		).catch(() => undefined);
		const { head, moved } = await handles();
		assert.ok(Math.hypot(moved.x - head.x, moved.y - head.y) >= 24, "the arrow has a visible length");
		assert.ok(Math.abs(head.x - handle.x) < 2 && Math.abs(head.y - handle.y) < 2, "the arrow's handle is at the note's old point");
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("previews a short table as tall as its rows, not in the chart's 800 × 500 box", async () => {
		const created = await fixture.api(fixture.demo.editor, "POST", "/v1/charts", {
			kind: "table",
			data: "district,turnout %,winner\nNorth,71.2,Labour\nSouth,64.8,Liberals\nEast,69.5,Greens\nWest,58.1,Labour\n",
			meta: { title: "Turnout by district", w: 800, h: 500 },
		});
		const { page, problems, context } = await openEditor(String(created.id));
		const drawing = page.locator(".preview-drawing svg");
		const height = await eventually("the table drawn to its rows", async () => {
			const drawn = Number(await drawing.getAttribute("height"));
			return drawn > 0 && drawn < 300 ? drawn : null;
		});
		// The last row and the frame end together: no empty band below the rows.
		const west = await page.locator(".preview-drawing svg text", { hasText: /^West$/ }).boundingBox();
		const box = await drawing.boundingBox();
		assert.ok(west && box);
		assert.ok(
			box.y + box.height - (west.y + west.height) < 60,
			`${Math.round(box.y + box.height - west.y - west.height)} px under the last row`,
		);
		const frame = await page.locator(".preview-canvas").boundingBox();
		assert.ok(frame && Math.abs(frame.height - height) < 4, `the frame is ${frame?.height} px, the drawing ${height}`);
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("previews a custom width as the embed's width class, at 1280 and 390 px", async () => {
		const id = await createChart({ title: "Widths", w: 800, h: 500 });
		const { page, problems, context } = await openEditor(id);
		// On the Refine step the preview has its full room (the Data step gives the table most of it).
		await page.getByRole("tab", { name: "Refine" }).click();
		await page.getByRole("radio", { name: "Custom" }).check();
		const width = page.getByLabel("Custom preview width in pixels");
		await width.fill("500");
		await page.getByText("A reader at 500 px gets the 480 px layout, scaled to 500 px.").waitFor();
		await eventually("the 480 px drawing", async () => (await page.locator(".preview-drawing svg").getAttribute("width")) === "480");
		const frame = await page.locator(".preview-canvas").boundingBox();
		assert.equal(Math.round(frame?.width ?? 0), 500);
		// The width classes are buttons; the one in use is marked.
		const classes = page.getByRole("list", { name: "Embed layouts" });
		assert.deepEqual(await classes.getByRole("button").allTextContents(), [
			"280 pixels",
			"360 pixels",
			"480 pixels",
			"640 pixels",
			"800 pixels, the chart's own width",
		]);
		assert.equal(await classes.getByRole("button", { name: "480 pixels" }).getAttribute("aria-current"), "true");
		await classes.getByRole("button", { name: "360 pixels" }).click();
		await page.getByText("A reader at 360 px gets the 360 px layout.").waitFor();
		assert.equal(await width.inputValue(), "360");
		await assertAccessible(page, "the editor at a custom width");
		await context.close();

		const narrow = await openEditor(id, { width: 390, height: 844, mode: "dark" });
		await narrow.page.getByText(/A reader at 390 px gets the 360 px layout, scaled to 390 px\./).waitFor();
		await assertNoHorizontalOverflow(narrow.page, "the editor at 390 px with the width classes");
		await assertAccessible(narrow.page, "the editor at 390 px (dark)");
		assert.deepEqual([...problems, ...narrow.problems], []);
		await narrow.context.close();
	});
});
