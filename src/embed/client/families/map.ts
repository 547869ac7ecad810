/** Choropleth maps, with their base maps (world, US states): the heaviest family. */
import { MapChart } from "echarts/charts";
import { GeoComponent, VisualMapComponent } from "echarts/components";
import { mapOption } from "../../../render/kinds/map";
import { withSettings } from "../../../render/settings";
import type { ClientFamily } from "./family";
import { commonParts } from "./family";

export const mapFamily: ClientFamily = {
	parts: [...commonParts, MapChart, GeoComponent, VisualMapComponent],
	builders: { map: withSettings(mapOption) },
};
