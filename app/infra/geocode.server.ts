import "server-only";

import zipcodes from "zipcodes";

import { DEFAULT_LOCATION } from "~/lib/geo";

export interface ResolvedLocation {
  address: string;
  latitude: number;
  longitude: number;
  /** False when the text was not recognised and the default coordinates stand in. */
  resolved: boolean;
}

interface Place {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  zipCount: number;
}

const US_STATES = new Set(Object.keys((zipcodes as unknown as { states: { abbr: Record<string, string> } }).states.abbr));

let places: { byCityState: Map<string, Place>; byCity: Map<string, Place> } | undefined;

/** City index built once from the zipcodes data: the median point of each city's ZIP codes (robust to outliers). */
function index() {
  if (places) return places;
  const points = new Map<string, { city: string; state: string; lats: number[]; lngs: number[] }>();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== "US" || !code.city || !code.state) continue;
    const key = `${code.city.toLowerCase()}|${code.state.toLowerCase()}`;
    let entry = points.get(key);
    if (!entry) {
      entry = { city: titleCase(code.city), state: code.state, lats: [], lngs: [] };
      points.set(key, entry);
    }
    entry.lats.push(code.latitude);
    entry.lngs.push(code.longitude);
  }
  const byCityState = new Map<string, Place>();
  for (const [key, entry] of points) {
    byCityState.set(key, {
      city: entry.city,
      state: entry.state,
      latitude: median(entry.lats),
      longitude: median(entry.lngs),
      zipCount: entry.lats.length,
    });
  }
  // A bare city name means its largest namesake (the one with the most ZIP codes).
  const byCity = new Map<string, Place>();
  for (const place of byCityState.values()) {
    const key = place.city.toLowerCase();
    const current = byCity.get(key);
    if (!current || place.zipCount > current.zipCount) byCity.set(key, place);
  }
  // The spec's default location keeps its exact coordinates.
  const newYork = { city: "New York", state: "NY", latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude, zipCount: Infinity };
  byCityState.set("new york|ny", newYork);
  byCity.set("new york", newYork);
  places = { byCityState, byCity };
  return places;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

const ALIASES: Record<string, string> = { nyc: "new york, ny", "new york city": "new york, ny", manhattan: "new york, ny", la: "los angeles, ca" };

/**
 * Resolves a typed location offline: a US ZIP code ("11201"), "City, ST",
 * "City, State" or a bare city name. Empty text is the spec's 'New York, NY'.
 * Unrecognised text is kept as the address, on the default coordinates.
 */
export function resolveLocation(input: string | null | undefined): ResolvedLocation {
  const text = (input ?? "").trim().replace(/\s+/g, " ");
  if (!text) return { ...DEFAULT_LOCATION, resolved: true };

  const zip = text.match(/\b(\d{5})(?:-\d{4})?\b/)?.[1];
  if (zip) {
    const code = zipcodes.lookup(zip);
    if (code && code.country === "US") {
      return {
        address: text === zip ? `${titleCase(code.city)}, ${code.state} ${zip}` : text,
        latitude: code.latitude,
        longitude: code.longitude,
        resolved: true,
      };
    }
  }

  const { byCityState, byCity } = index();
  const normalised = ALIASES[text.toLowerCase()] ?? text.toLowerCase();
  const parts = normalised
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length >= 2) {
    const state = stateCode(parts[parts.length - 1].replace(/\s*\d{5}(-\d{4})?$/, ""));
    const city = parts[parts.length - 2];
    const place = state ? byCityState.get(`${city}|${state.toLowerCase()}`) : undefined;
    if (place) return { address: text, latitude: place.latitude, longitude: place.longitude, resolved: true };
  }
  const cityOnly = byCity.get(parts[0] ?? normalised);
  if (cityOnly && parts.length <= 2) {
    return { address: text, latitude: cityOnly.latitude, longitude: cityOnly.longitude, resolved: true };
  }
  return { address: text, latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude, resolved: false };
}

function stateCode(text: string): string | undefined {
  const upper = text.trim().toUpperCase();
  if (US_STATES.has(upper)) return upper;
  const byName = (zipcodes as unknown as { states: { normalize(s: string): string | undefined } }).states.normalize?.(text.trim());
  return byName && US_STATES.has(byName) ? byName : undefined;
}

/** The nearest US city to browser coordinates, as "City, ST". */
export function describeCoordinates(latitude: number, longitude: number): string {
  const code = zipcodes.lookupByCoords(latitude, longitude);
  return code ? `${titleCase(code.city)}, ${code.state}` : `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
}
