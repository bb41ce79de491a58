import { describe, expect, it } from "vitest";

import { resolveLocation } from "~/infra/geocode.server";
import { approximateArea, approximateCoordinate } from "~/models/job-location.server";

/** The area of a job posted at typed text, placed as createJob places it. */
function areaOf(address: string): string {
  const place = resolveLocation(address);
  return approximateArea({ address, latitude: place.latitude, longitude: place.longitude, locationApproximate: !place.resolved });
}

/** Each of the addresses, typed as a job's location, has this area. */
function expectArea(area: string, ...addresses: string[]) {
  for (const address of addresses) expect(areaOf(address), JSON.stringify(address)).toBe(area);
}

describe("a job's area (decision 0039)", () => {
  it("keeps the city of a typed address and drops the street", () => {
    expectArea("Brooklyn, NY", "350 Jay St, Brooklyn, NY 11201", "350 Jay St, Brooklyn, NY", "11201");
    expectArea("Springfield, IL", "Apt 4, 12 Oak Lane, Springfield, IL");
  });

  it("keeps text that already names only a city", () => {
    for (const city of ["Brooklyn, NY", "Boston, MA", "Chicago"]) expectArea(city, city);
    expectArea("New York, NY", "");
  });

  it("names an unrecognised location by the default location it stands at", () => {
    expectArea("New York, NY", "Behind the old mill", "12 Oak Lane");
  });

  it("names browser coordinates with unrecognised text by the nearest town, never the text", () => {
    expect(approximateArea({ address: "Behind the old mill", latitude: 40.6782, longitude: -73.9442, locationApproximate: false })).toBe(
      "Brooklyn, NY",
    );
    // A place with one ZIP code (a building's: "Muscular Dystrophy, NY") gives way to a town.
    expect(approximateArea({ address: "Blue door", latitude: 40.76, longitude: -73.98, locationApproximate: false })).toBe("New York, NY");
    // Far from any ZIP code: the rounded coordinates.
    expect(approximateArea({ address: "Oasis", latitude: 20.123456, longitude: 20.987654, locationApproximate: false })).toBe("20.12, 20.99");
  });

  it("rounds coordinates to two decimals", () => {
    expect(approximateCoordinate(40.6940123)).toBe(40.69);
    expect(approximateCoordinate(-74.006)).toBe(-74.01);
  });
});
