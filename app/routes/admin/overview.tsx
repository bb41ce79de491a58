import { AdminShell } from "~/components/admin/admin-shell";
import { DayChart } from "~/components/admin/day-chart";
import { requireOperator } from "~/http/request-session.server";
import { formatBudget } from "~/lib/format";
import { consoleOverview } from "~/operations/console-overview.server";

import type { Route } from "./+types/overview";

/** /admin: the marketplace's health over the last 30 days (operators only; a plain 404 to everyone else). */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  return { health: await consoleOverview() };
}

const count = (value: number) => Math.round(value).toLocaleString("en-US");
const percent = (value: number) => `${Math.round(value)}%`;
const minutes = (value: number) => `${Math.round(value).toLocaleString("en-US")} min`;
const dollars = (value: number) => formatBudget(value) ?? "$0";

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { days, providersOnline, timeZone } = loaderData.health;
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((total, d) => total + pick(d), 0);
  const accepted = sum((d) => d.accepted);
  const tiles = [
    { label: "Providers online now", value: count(providersOnline) },
    { label: "Jobs posted", value: count(sum((d) => d.jobsPosted)) },
    { label: "Bookings accepted", value: count(accepted) },
    { label: "Booked value", value: dollars(sum((d) => d.bookedValue)) },
  ];
  return (
    <AdminShell title="Overview" current="/admin">
      <p className="text-sm text-slate-600">The last 30 days, by day in {timeZone.replaceAll("_", " ")}.</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="card p-4">
            <dt className="text-sm text-slate-600">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{tile.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <DayChart title="Jobs posted" caption="Jobs posted each day." data={days.map((d) => ({ day: d.day, value: d.jobsPosted }))} format={count} />
        <DayChart
          title="Bookings accepted"
          caption="Jobs taken and requests accepted each day."
          data={days.map((d) => ({ day: d.day, value: d.accepted }))}
          format={count}
        />
        <DayChart
          title="Bookings completed"
          caption="Bookings completed each day."
          data={days.map((d) => ({ day: d.day, value: d.completed }))}
          format={count}
        />
        <DayChart
          title="Completion rate"
          caption="Of the bookings accepted each day, the share completed since."
          kind="line"
          data={days.map((d) => ({ day: d.day, value: d.accepted ? (100 * d.acceptedCompleted) / d.accepted : null }))}
          format={percent}
        />
        <DayChart
          title="Median time to accept"
          caption="Minutes from a job's posting to its acceptance, the median of each day's acceptances."
          kind="line"
          data={days.map((d) => ({ day: d.day, value: d.medianMinutesToAccept }))}
          format={minutes}
        />
        <DayChart
          title="Booked value"
          caption="The agreed prices of the bookings accepted each day."
          data={days.map((d) => ({ day: d.day, value: d.bookedValue }))}
          format={dollars}
        />
      </div>
    </AdminShell>
  );
}
