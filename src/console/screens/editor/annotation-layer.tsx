/**
 * Notes placed on the preview itself. Over the drawing lies a layer, in the
 * drawing's own pixels: in "Add note" mode a click adds a note at the category or value under
 * the pointer (snapped by the preview's engine, preview/snap.ts); every note and arrowhead has a
 * handle to drag it to another point, and a click (or Enter) on a handle edits the note in place:
 * its text, an arrow to what it names, or removing it. Everything is written to meta.annotations
 * through the editor, so it saves, undoes and shows in the Refine step's form like any edit; that
 * form is the keyboard way to place a note at an exact point.
 */
import { Fragment } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Annotation } from "../../../domain/meta-settings";
import type { PreviewChart } from "../../preview/engine";
import type { AxisValue } from "../../preview/snap";

type TextNote = Extract<Annotation, { type: "text" }>;
type Grip = "note" | "arrow";

export interface AnnotationLayerProps {
	annotations: readonly Annotation[];
	chart: PreviewChart | null;
	/** Changes after every redraw, so handles follow the drawing. */
	drawn: number;
	/** The drawing's size in its own pixels. */
	size: { width: number; height: number };
	placing: boolean;
	onPlaced(): void;
	onChange(next: Annotation[]): void;
	/** Says where a click could not place a note. */
	onMiss(message: string): void;
}

interface Drag {
	index: number;
	grip: Grip;
	pointerId: number;
	startX: number;
	startY: number;
	moved: boolean;
	at: { x: number; y: number };
}

/** A note with its point moved: the note itself or its arrow's end. */
function moved(note: TextNote, grip: Grip, point: { x: AxisValue; y: AxisValue }): TextNote {
	return grip === "arrow" ? { ...note, arrow: { x: point.x, y: point.y } } : { ...note, x: point.x, y: point.y };
}

function replaced(annotations: readonly Annotation[], index: number, next: Annotation | null): Annotation[] {
	return annotations.flatMap((a, i) => (i !== index ? [a] : next ? [next] : []));
}

export function AnnotationLayer({ annotations, chart, drawn, size, placing, onPlaced, onChange, onMiss }: AnnotationLayerProps) {
	const layer = useRef<HTMLDivElement>(null);
	const [drag, setDrag] = useState<Drag | null>(null);
	const [editing, setEditing] = useState<number | null>(null);

	// Drawing pixels under a pointer: the layer may be shown scaled (a reader's width wider than the pane).
	const toDrawing = (clientX: number, clientY: number) => {
		const rect = layer.current?.getBoundingClientRect();
		if (!rect || rect.width === 0) return null;
		const scale = rect.width / size.width;
		return { x: (clientX - rect.left) / scale, y: (clientY - rect.top) / scale };
	};

	const place = (event: MouseEvent) => {
		if (!placing || event.target !== layer.current) return;
		const at = toDrawing(event.clientX, event.clientY);
		const point = at && chart?.pointAt(at.x, at.y);
		if (!point) {
			onMiss("Click inside the chart's plot to place a note.");
			return;
		}
		onChange([...annotations, { type: "text", x: point.x, y: point.y, text: "Note" }]);
		setEditing(annotations.length);
		onPlaced();
	};

	const finishDrag = (event: PointerEvent) => {
		if (!drag || drag.pointerId !== event.pointerId) return;
		setDrag(null);
		const note = annotations[drag.index];
		if (!drag.moved) {
			setEditing(drag.index);
			return;
		}
		const point = chart?.pointAt(drag.at.x, drag.at.y);
		if (!point || note?.type !== "text") {
			onMiss("A note stays on the chart's plot: drop it inside the axes.");
			return;
		}
		onChange(replaced(annotations, drag.index, moved(note, drag.grip, point)));
	};

	/** A grip's pointer and keyboard handlers: drag to move `grip` of note `index`, press to edit it. */
	const gripHandlers = (index: number, grip: Grip, at: { x: number; y: number }) => ({
		onPointerDown: (event: PointerEvent) => {
			(event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
			setDrag({ index, grip, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, moved: false, at });
		},
		onPointerMove: (event: PointerEvent) => pointerMoved(event, drag, setDrag, toDrawing),
		onPointerUp: finishDrag,
		onPointerCancel: () => setDrag(null),
		onClick: (event: MouseEvent) => {
			// Pointer clicks are handled on pointer up; this is Enter or Space.
			if (event.detail === 0) setEditing(index);
		},
	});

	// Positions are read from the chart as drawn; `drawn` changes with every redraw.
	void drawn;
	const handles = annotations.flatMap((annotation, index) => {
		if (annotation.type !== "text" || !chart) return [];
		const note = chart.pixelOf(annotation.x, annotation.y);
		const head = annotation.arrow ? chart.pixelOf(annotation.arrow.x, annotation.arrow.y) : null;
		const live = drag?.index === index && drag.moved ? drag : null;
		const notePixel = live?.grip === "note" ? live.at : note;
		const headPixel = live?.grip === "arrow" ? live.at : head;
		return [{ index, annotation, note: notePixel, head: headPixel }];
	});

	return (
		// biome-ignore lint/a11y/noStaticElementInteractions: placing by pointer; the keyboard way is the Refine step's annotation form
		// biome-ignore lint/a11y/useKeyWithClickEvents: as above (Esc stops placing, handled by the preview)
		<div
			ref={layer}
			class={`annotation-layer${placing ? " placing" : ""}`}
			style={{ width: `${size.width}px`, height: `${size.height}px` }}
			onClick={place}
			data-testid="annotation-layer"
		>
			{handles.map(({ index, annotation, note, head }) => (
				<Fragment key={index}>
					{note && (
						<button
							type="button"
							class={`note-grip${drag?.index === index && drag.grip === "note" ? " dragging" : ""}`}
							style={{ left: `${note.x}px`, top: `${note.y}px` }}
							aria-label={`Note “${annotation.text}” at ${annotation.x}, ${annotation.y}: drag to move, press to edit`}
							title="Drag to move · click to edit"
							{...gripHandlers(index, "note", note)}
						/>
					)}
					{head && annotation.arrow && (
						<button
							type="button"
							class={`note-grip arrow-grip${drag?.index === index && drag.grip === "arrow" ? " dragging" : ""}`}
							style={{ left: `${head.x}px`, top: `${head.y}px` }}
							aria-label={`Arrow of note “${annotation.text}” at ${annotation.arrow.x}, ${annotation.arrow.y}: drag to move`}
							title="Drag to move the arrow's point"
							{...gripHandlers(index, "arrow", head)}
						/>
					)}
				</Fragment>
			))}
			{editing !== null && annotations[editing]?.type === "text" && (
				<NoteEditor
					note={annotations[editing] as TextNote}
					at={chart?.pixelOf((annotations[editing] as TextNote).x, (annotations[editing] as TextNote).y) ?? { x: 16, y: 16 }}
					size={size}
					onChange={(next) => onChange(replaced(annotations, editing, next))}
					onArrow={(on) => {
						const note = annotations[editing] as TextNote;
						onChange(replaced(annotations, editing, on ? withArrow(note, chart) : withoutArrow(note)));
					}}
					onClose={() => {
						const note = annotations[editing] as TextNote;
						if (note.text.trim() === "") onChange(replaced(annotations, editing, null));
						setEditing(null);
					}}
					onDelete={() => {
						onChange(replaced(annotations, editing, null));
						setEditing(null);
					}}
				/>
			)}
		</div>
	);
}

function pointerMoved(
	event: PointerEvent,
	drag: Drag | null,
	setDrag: (next: Drag) => void,
	toDrawing: (x: number, y: number) => { x: number; y: number } | null,
): void {
	if (!drag || drag.pointerId !== event.pointerId) return;
	const far = Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > 3;
	const at = toDrawing(event.clientX, event.clientY);
	if (at && (drag.moved || far)) setDrag({ ...drag, moved: true, at });
}

/** Where a new arrow's note may go from the point it names, in drawing pixels: above, below, beside, then further. */
const arrowOffsets = [
	[0, -48],
	[0, 48],
	[72, 0],
	[-72, 0],
	[0, -96],
	[0, 96],
	[120, 0],
	[-120, 0],
] as const;

/** A new arrow starts at least this long, so it is seen (and is not a lone arrowhead). */
const shortestNewArrow = 24;

/**
 * An arrow to where the note is now, with the note moved off that point by the first offset
 * that lands somewhere else once snapped: on a category axis a short move can snap back to the
 * same category (a horizontal bar's band is taller than 48 px), so the note then moves along
 * the value axis instead.
 */
function withArrow(note: TextNote, chart: PreviewChart | null): TextNote {
	const pixel = chart?.pixelOf(note.x, note.y);
	const moved =
		pixel && chart
			? arrowOffsets
					.map(([dx, dy]) => chart.pointAt(pixel.x + dx, pixel.y + dy))
					.find((point) => {
						const drawn = point ? chart.pixelOf(point.x, point.y) : null;
						return drawn !== null && Math.hypot(drawn.x - pixel.x, drawn.y - pixel.y) >= shortestNewArrow;
					})
			: undefined;
	return { ...note, arrow: { x: note.x, y: note.y }, ...(moved ? { x: moved.x, y: moved.y } : {}) };
}

function withoutArrow(note: TextNote): TextNote {
	const { arrow: _arrow, ...rest } = note;
	return rest;
}

interface NoteEditorProps {
	note: TextNote;
	at: { x: number; y: number };
	size: { width: number; height: number };
	onChange(next: TextNote): void;
	onArrow(on: boolean): void;
	onClose(): void;
	onDelete(): void;
}

/** The note's text, arrow and removal, edited where the note is. */
function NoteEditor({ note, at, size, onChange, onArrow, onClose, onDelete }: NoteEditorProps) {
	const input = useRef<HTMLInputElement>(null);
	useEffect(() => {
		input.current?.focus();
		input.current?.select();
	}, []);
	// Beside the note, kept inside the drawing.
	const left = Math.max(4, Math.min(at.x + 12, size.width - 244));
	const top = Math.max(4, Math.min(at.y + 12, size.height - 120));
	return (
		<form
			class="note-editor"
			aria-label="Edit note"
			style={{ left: `${left}px`, top: `${top}px` }}
			onSubmit={(event) => {
				event.preventDefault();
				onClose();
			}}
			onKeyDown={(event) => {
				if (event.key === "Escape") {
					event.stopPropagation();
					onClose();
				}
			}}
			onClick={(event) => event.stopPropagation()}
		>
			<label class="field">
				<span class="field-label">Note text</span>
				<input
					ref={input}
					class="input"
					value={note.text}
					maxLength={300}
					onInput={(event) => onChange({ ...note, text: event.currentTarget.value })}
				/>
			</label>
			<label class="checkbox">
				<input type="checkbox" checked={note.arrow !== undefined} onChange={(event) => onArrow(event.currentTarget.checked)} />
				Arrow to the point
			</label>
			<div class="note-editor-actions">
				<button type="submit" class="button primary">
					Done
				</button>
				<button type="button" class="button danger" onClick={onDelete}>
					Remove note
				</button>
			</div>
		</form>
	);
}
