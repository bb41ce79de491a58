// Distances and the default location (spec §5: an empty location becomes 'New York, NY').

export const DEFAULT_LOCATION = { address: "New York, NY", latitude: 40.7128, longitude: -74.006 } as const;

/** Radius of "Available Jobs Near You", in miles. */
export const NEARBY_RADIUS_MILES = 50;

export const EARTH_RADIUS_MILES = 3958.8;

export function distanceMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A point as a `cube` literal on the unit sphere, as the jobs.position column
 * stores it: the chord between two such points orders them by great-circle
 * distance (decision 0026).
 */
export function unitSphereCube(point: { latitude: number; longitude: number }): string {
  const lat = (point.latitude * Math.PI) / 180;
  const lng = (point.longitude * Math.PI) / 180;
  return `(${Math.cos(lat) * Math.cos(lng)}, ${Math.cos(lat) * Math.sin(lng)}, ${Math.sin(lat)})`;
}

/** The straight-line distance on the unit sphere between two points `miles` apart along the surface. */
export function chordForMiles(miles: number): number {
  return 2 * Math.sin(miles / (2 * EARTH_RADIUS_MILES));
}

/** '3.2 mi', '< 0.1 mi', '12 mi'. */
export function formatMiles(miles: number): string {
  if (miles < 0.1) return "< 0.1 mi";
  if (miles < 10) return `${miles.toFixed(1)} mi`;
  return `${Math.round(miles)} mi`;
}
