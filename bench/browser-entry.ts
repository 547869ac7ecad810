/**
 * The option builders bundled for the browser, so headless Chromium draws the very same
 * ECharts options in the benchmark. Bench only; never deployed.
 */
import * as echarts from "echarts";
import { chartOption } from "../src/render/option";

Object.assign(globalThis, { echarts, chartOption });
