import "server-only";

import { getConfig } from "~/infra/config.server";
import { getDb } from "~/infra/db.server";
import { overviewDays } from "~/lib/overview-days";
import { marketplaceHealth, type MarketplaceHealth } from "~/models/marketplace-health.server";

export type { HealthDay, MarketplaceHealth } from "~/models/marketplace-health.server";

/** The console's overview (issue 34): the marketplace's last 30 days in the market's time zone, and who is online. */
export async function consoleOverview(now = new Date()): Promise<MarketplaceHealth & { timeZone: string }> {
  const { timeZone } = getConfig();
  return { ...(await marketplaceHealth(await getDb(), overviewDays(now, timeZone), timeZone)), timeZone };
}
