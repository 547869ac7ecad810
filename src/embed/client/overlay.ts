/**
 * The overlay client (docs/design.md#d40): the interactive layer of a line, bar, pie or
 * scatter chart's page, without ECharts. The server's drawings stay the chart; this adds
 * tooltips on pointer and touch, the keyboard walk through the data (read out by a live region),
 * and legend toggling, from the snapshot's `tips.json` (`../tips/model.ts`). A few kilobytes
 * instead of ECharts' 170 or more.
 */
import { reportHeight } from "./frame-height";
import { startLiveRefresh } from "./live-refresh";
import { watchMode } from "./mode";
import { startOverlay } from "./overlay/start";

startOverlay({ watchMode, reportHeight });
startLiveRefresh();
