/**
 * Base maps for choropleths, pre-projected to plane coordinates once per isolate and drawn
 * with an identity projection: the world in Natural Earth (d3-geo clips at the antimeridian,
 * so Russia and Fiji do not streak across the map), and US states from us-atlas' Albers file.
 *
 * Regions match by ISO 3166 alpha-3, alpha-2, numeric code or English name (world), or by USPS
 * code, FIPS code or name (US states), in any case.
 */
import { geoNaturalEarth1 } from "d3-geo";
import { geoProject } from "d3-geo-projection";
import type { FeatureCollection, Geometry } from "geojson";
import countries from "i18n-iso-countries";
import english from "i18n-iso-countries/langs/en.json";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import usStates from "us-atlas/states-albers-10m.json";
import world from "world-atlas/countries-110m.json";
import { regionKey } from "../domain/region-key";

export type BasemapName = "world" | "us-states";

export interface Basemap {
	name: BasemapName;
	geoJson: FeatureCollection<Geometry, { name: string }>;
	/** Normalised code or name → the feature's name. */
	lookup: Map<string, string>;
}

const usps: Record<string, string> = {
	"01": "AL",
	"02": "AK",
	"04": "AZ",
	"05": "AR",
	"06": "CA",
	"08": "CO",
	"09": "CT",
	"10": "DE",
	"11": "DC",
	"12": "FL",
	"13": "GA",
	"15": "HI",
	"16": "ID",
	"17": "IL",
	"18": "IN",
	"19": "IA",
	"20": "KS",
	"21": "KY",
	"22": "LA",
	"23": "ME",
	"24": "MD",
	"25": "MA",
	"26": "MI",
	"27": "MN",
	"28": "MS",
	"29": "MO",
	"30": "MT",
	"31": "NE",
	"32": "NV",
	"33": "NH",
	"34": "NJ",
	"35": "NM",
	"36": "NY",
	"37": "NC",
	"38": "ND",
	"39": "OH",
	"40": "OK",
	"41": "OR",
	"42": "PA",
	"44": "RI",
	"45": "SC",
	"46": "SD",
	"47": "TN",
	"48": "TX",
	"49": "UT",
	"50": "VT",
	"51": "VA",
	"53": "WA",
	"54": "WV",
	"55": "WI",
	"56": "WY",
	"60": "AS",
	"66": "GU",
	"69": "MP",
	"72": "PR",
	"78": "VI",
};

function collection(topology: unknown, object: string): FeatureCollection<Geometry, { name: string }> {
	const topo = topology as Topology;
	return feature(topo, topo.objects[object] as GeometryCollection<{ name: string }>) as FeatureCollection<Geometry, { name: string }>;
}

function buildWorld(): Basemap {
	countries.registerLocale(english);
	const geographic = collection(world, "countries");
	const projection = geoNaturalEarth1().fitSize([960, 500], geographic);
	const geoJson = geoProject(geographic, projection) as FeatureCollection<Geometry, { name: string }>;
	const lookup = new Map<string, string>();
	for (const f of geoJson.features) {
		const name = f.properties.name;
		lookup.set(regionKey(name), name);
		const numeric = typeof f.id === "string" ? f.id : undefined;
		if (!numeric) continue;
		lookup.set(regionKey(numeric), name);
		lookup.set(String(Number(numeric)), name);
		const alpha3 = countries.numericToAlpha3(numeric);
		const alpha2 = countries.numericToAlpha2(numeric);
		for (const code of [alpha3, alpha2]) if (code) lookup.set(regionKey(code), name);
		const names = alpha2 ? countries.getName(alpha2, "en", { select: "all" }) : [];
		for (const alias of names ?? []) lookup.set(regionKey(alias), name);
	}
	return { name: "world", geoJson, lookup };
}

function buildUsStates(): Basemap {
	const geoJson = collection(usStates, "states");
	const lookup = new Map<string, string>();
	for (const f of geoJson.features) {
		const name = f.properties.name;
		const fips = String(f.id);
		for (const key of [name, fips, String(Number(fips)), usps[fips] ?? ""]) if (key) lookup.set(regionKey(key), name);
	}
	return { name: "us-states", geoJson, lookup };
}

const built = new Map<BasemapName, Basemap>();

export function basemap(name: BasemapName): Basemap {
	let map = built.get(name);
	if (!map) {
		map = name === "world" ? buildWorld() : buildUsStates();
		built.set(name, map);
	}
	return map;
}

/** The base map that names more of the regions; the world when they tie. */
export function chooseBasemap(regions: readonly string[], requested?: unknown): Basemap {
	if (requested === "world" || requested === "us-states") return basemap(requested);
	const matches = (map: Basemap) => regions.filter((r) => map.lookup.has(regionKey(r))).length;
	const us = basemap("us-states");
	const worldMap = basemap("world");
	return matches(us) > matches(worldMap) ? us : worldMap;
}
