import "server-only";

import { resolveLocation } from "~/infra/geocode.server";
import { approximateArea } from "~/models/job-location.server";
import type { User } from "~/models/user.server";

/**
 * Where a provider works, as their public page shows it (issue 33): the area of the location on their profile
 * ("Brooklyn, NY"), as a job's is shown to strangers (decision 0039), never the address or the coordinates. Null when
 * they gave none, or a place the geocoder did not know (their coordinates are then only the default location's).
 */
export function serviceArea(user: Pick<User, "address" | "latitude" | "longitude">): string | null {
  if (!user.address || user.latitude === null || user.longitude === null) return null;
  if (!resolveLocation(user.address).resolved) return null;
  return approximateArea({ address: user.address, latitude: Number(user.latitude), longitude: Number(user.longitude), locationApproximate: false });
}
