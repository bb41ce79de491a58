import { describe, expect, it } from "vitest";

import { describeCoordinates, resolveLocation } from "~/infra/geocode.server";
import { chordForMiles, distanceMiles, formatMiles, unitSphereCube } from "~/lib/geo";

describe("resolveLocation", () => {
  it("turns an empty location into 'New York, NY'", () => {
    expect(resolveLocation("  ")).toMatchObject({ address: "New York, NY", resolved: true, latitude: 40.7128, longitude: -74.006 });
  });

  it("resolves a US ZIP code", () => {
    const place = resolveLocation("11201");
    expect(place).toMatchObject({ address: "Brooklyn, NY 11201", resolved: true });
    expect(place.latitude).toBeCloseTo(40.69, 1);
    expect(place.longitude).toBeCloseTo(-73.99, 1);
  });

  it("resolves 'City, ST', 'City, State' and a bare city name", () => {
    const brooklyn = resolveLocation("Brooklyn, NY");
    expect(brooklyn).toMatchObject({ address: "Brooklyn, NY", resolved: true });
    expect(distanceMiles(brooklyn, { latitude: 40.65, longitude: -73.95 })).toBeLessThan(5);
    const austin = resolveLocation("austin, texas");
    expect(austin.resolved).toBe(true);
    expect(distanceMiles(austin, { latitude: 30.27, longitude: -97.74 })).toBeLessThan(15);
    const chicago = resolveLocation("Chicago");
    expect(distanceMiles(chicago, { latitude: 41.88, longitude: -87.63 })).toBeLessThan(15);
  });

  it("keeps unrecognised text on the default coordinates and says so", () => {
    expect(resolveLocation("Behind the old mill")).toMatchObject({
      address: "Behind the old mill",
      latitude: 40.7128,
      longitude: -74.006,
      resolved: false,
    });
  });

  it("describes browser coordinates as the nearest city", () => {
    expect(describeCoordinates(40.6782, -73.9442)).toBe("Brooklyn, NY");
  });
});

describe("distances", () => {
  it("measures great-circle miles", () => {
    const manhattan = { latitude: 40.7831, longitude: -73.9712 };
    const brooklyn = { latitude: 40.6782, longitude: -73.9442 };
    expect(distanceMiles(manhattan, brooklyn)).toBeCloseTo(7.4, 0);
    expect(distanceMiles(manhattan, manhattan)).toBe(0);
  });

  it("turns a distance along the surface into the chord the position index compares", () => {
    const manhattan = { latitude: 40.7831, longitude: -73.9712 };
    const brooklyn = { latitude: 40.6782, longitude: -73.9442 };
    const [a, b] = [manhattan, brooklyn].map((p) => unitSphereCube(p).slice(1, -1).split(", ").map(Number));
    const chord = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    expect(chord).toBeCloseTo(chordForMiles(distanceMiles(manhattan, brooklyn)), 12);
    expect(Math.hypot(...a)).toBeCloseTo(1, 12);
    expect(chordForMiles(50)).toBeGreaterThan(chordForMiles(49.9));
  });

  it("formats distances for cards", () => {
    expect(formatMiles(3.24)).toBe("3.2 mi");
    expect(formatMiles(0.05)).toBe("< 0.1 mi");
    expect(formatMiles(12.6)).toBe("13 mi");
  });
});

describe("city points", () => {
  it("keeps 'New York, NY' on the spec's default coordinates and other cities on their centre", () => {
    expect(resolveLocation("New York, NY")).toMatchObject({ latitude: 40.7128, longitude: -74.006, resolved: true });
    expect(resolveLocation("new york")).toMatchObject({ latitude: 40.7128, longitude: -74.006 });
    const queens = resolveLocation("Jamaica, NY");
    expect(distanceMiles(queens, { latitude: 40.69, longitude: -73.8 })).toBeLessThan(5);
  });
});
