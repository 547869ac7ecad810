/**
 * Text width as ECharts measures it: with the bundled fonts' metrics on the server (`svg.ts`
 * installs them) and with the browser's canvas in the embed page, so layout made from it (the
 * room for direct labels, a legend on the right, wrapped notes) matches what is drawn.
 */
import { format } from "echarts/core";

export function textWidth(text: string, fontSize: number, fontFamily: string, weight = 400): number {
	return format.getTextRect(text, `${weight === 400 ? "" : `${weight} `}${fontSize}px ${fontFamily}`).width;
}
