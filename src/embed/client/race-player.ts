/**
 * Plays a bar race (`meta.race`) in the embed: one period after another, bars re-sorted and
 * their lengths animated, with a play/pause button. Readers who ask for reduced motion see the
 * exported frame and press play themselves. The current period is on `main[data-period]`.
 */
import type { RenderInput } from "../../render/input";
import { isRace, racePeriodIndex, racePeriods } from "../../render/kinds/race";

/** A period is shown this long; the bars move for most of it. */
export const periodMillis = 1200;

export type ShowPeriod = (input: RenderInput, animate: boolean) => void;

function atPeriod(input: RenderInput, period: string): RenderInput {
	return { ...input, meta: { ...input.meta, race: { ...input.meta.race, enabled: true, period } } };
}

export function startRace(main: HTMLElement, input: RenderInput, show: ShowPeriod): void {
	if (!isRace(input)) return;
	const periods = racePeriods(input);
	if (periods.length < 2) return;
	let index = racePeriodIndex(input);
	let timer: number | undefined;
	const button = document.createElement("button");
	button.type = "button";
	button.className = "race-controls";
	const showAt = (next: number, animate: boolean) => {
		index = next;
		main.dataset.period = periods[index] ?? "";
		show(atPeriod(input, periods[index] ?? ""), animate);
	};
	const pause = () => {
		window.clearInterval(timer);
		timer = undefined;
		button.textContent = "Play";
		button.setAttribute("aria-label", "Play the race");
	};
	const play = () => {
		if (index >= periods.length - 1) showAt(0, false);
		button.textContent = "Pause";
		button.setAttribute("aria-label", "Pause the race");
		timer = window.setInterval(() => {
			if (index >= periods.length - 1) return pause();
			showAt(index + 1, true);
		}, periodMillis);
	};
	button.addEventListener("click", () => (timer === undefined ? play() : pause()));
	main.append(button);
	main.dataset.period = periods[index] ?? "";
	if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) pause();
	else play();
}
