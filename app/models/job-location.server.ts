import "server-only";

import zipcodes from "zipcodes";

import { resolveLocation } from "~/infra/geocode.server";
import { DEFAULT_LOCATION, distanceMiles } from "~/lib/geo";

// What a job's location looks like to someone who is not one of its parties
// (decision 0039): the area (a city, "Brooklyn, NY") instead of the address as
// typed, and coordinates rounded to two decimals (about 1 km).

/** Decimal places of the coordinates a stranger gets: 0.01° is about 1.1 km north–south. */
export const APPROXIMATE_DECIMALS = 2;

/** A coordinate as a stranger gets it. */
export function approximateCoordinate(value: number): number {
  const factor = 10 ** APPROXIMATE_DECIMALS;
  return Math.round(value * factor) / factor;
}

/** An area named by the text is accepted only when it is where the job is (the text located the job). */
const AREA_MATCH_MILES = 25;

/**
 * The area of a job's location, never its street: the city of a ZIP code in the
 * text; else the text's trailing "City, ST" or "City" when it names the place
 * the job stands (parts with digits, house numbers, are never kept); else the
 * nearest place to the coordinates. A location that was not recognised stands
 * at the default location, and is named by it.
 */
export function approximateArea(job: { address: string; latitude: number; longitude: number; locationApproximate: boolean }): string {
  if (job.locationApproximate) return DEFAULT_LOCATION.address;
  const here = { latitude: job.latitude, longitude: job.longitude };
  const zip = job.address.match(/\b(\d{5})(?:-\d{4})?\b/)?.[1];
  const code = zip ? zipcodes.lookup(zip) : undefined;
  if (code && code.country === "US" && distanceMiles(here, code) <= AREA_MATCH_MILES) return placeName(code);
  const parts = job.address
    .split(",")
    .map((p) => p.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  for (const size of [2, 1]) {
    const tail = parts.slice(-size);
    if (tail.length < size || tail.some((p) => /\d/.test(p))) continue;
    const named = resolveLocation(tail.join(", "));
    if (named.resolved && distanceMiles(here, named) <= AREA_MATCH_MILES) return tail.join(", ");
  }
  return nearestPlace(approximateCoordinate(job.latitude), approximateCoordinate(job.longitude));
}

function placeName(code: { city: string; state: string }): string {
  return `${code.city.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase())}, ${code.state}`;
}

/** ZIP codes by half-degree cell, built once, each with how many ZIP codes its place has. */
type Zip = { name: string; latitude: number; longitude: number; places: number };
let grid: Map<string, Zip[]> | undefined;
const CELLS_PER_DEGREE = 2;
const cell = (degrees: number) => Math.floor(degrees * CELLS_PER_DEGREE);

function zipGrid(): Map<string, Zip[]> {
  if (grid) return grid;
  const codes = Object.values(zipcodes.codes).filter((c) => c.city && c.state && Number.isFinite(c.latitude) && Number.isFinite(c.longitude));
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(placeName(code), (counts.get(placeName(code)) ?? 0) + 1);
  grid = new Map();
  for (const code of codes) {
    const key = `${cell(code.latitude)}|${cell(code.longitude)}`;
    const name = placeName(code);
    const zips = grid.get(key) ?? [];
    zips.push({ name, latitude: code.latitude, longitude: code.longitude, places: counts.get(name)! });
    grid.set(key, zips);
  }
  return grid;
}

/** Nearest places already asked for, by rounded point (a city's jobs share a few). */
const nearestCache = new Map<string, string>();
const NEAREST_CACHE_LIMIT = 10_000;

/**
 * The place of the nearest ZIP code within AREA_MATCH_MILES, else the rounded coordinates themselves. Places
 * with several ZIP codes come first: a place with one may be a single building's ("Muscular Dystrophy, NY").
 */
function nearestPlace(latitude: number, longitude: number): string {
  const key = `${latitude},${longitude}`;
  const cached = nearestCache.get(key);
  if (cached) return cached;
  const zips = zipGrid();
  let town: { name: string; miles: number } | undefined;
  let any: { name: string; miles: number } | undefined;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      for (const zip of zips.get(`${cell(latitude) + dr}|${cell(longitude) + dc}`) ?? []) {
        const miles = distanceMiles({ latitude, longitude }, zip);
        if (miles > AREA_MATCH_MILES) continue;
        if (!any || miles < any.miles) any = { name: zip.name, miles };
        if (zip.places > 1 && (!town || miles < town.miles)) town = { name: zip.name, miles };
      }
    }
  }
  const name = (town ?? any)?.name ?? `${latitude.toFixed(APPROXIMATE_DECIMALS)}, ${longitude.toFixed(APPROXIMATE_DECIMALS)}`;
  if (nearestCache.size >= NEAREST_CACHE_LIMIT) nearestCache.clear();
  nearestCache.set(key, name);
  return name;
}
