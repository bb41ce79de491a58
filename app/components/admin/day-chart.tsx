import { useId } from "react";

/** One day's value; null where the day has none to show (a median of no acceptances). */
export interface DayValue {
  day: string;
  value: number | null;
}

interface DayChartProps {
  title: string;
  /** One sentence under the title: what is counted, and how. */
  caption: string;
  data: DayValue[];
  /** A value in words for the table, the axis and the summary ("$1,250", "85%"). */
  format: (value: number) => string;
  kind?: "bars" | "line";
}

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 4, left: 8 };

/** "2026-11-26" → "Nov 26" (the date is already the market's calendar day). */
function shortDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * A chart of one value per day, drawn on the server as SVG (issue 34: no chart code in the browser): a figure whose
 * caption names it, an image with a text summary for screen readers, and the numbers in a table under "Show data".
 */
export function DayChart({ title, caption, data, format, kind = "bars" }: DayChartProps) {
  const id = useId();
  const values = data.map((d) => d.value).filter((v): v is number => v !== null);
  const max = Math.max(0, ...values);
  const top = max > 0 ? max : 1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / data.length;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const x = (i: number) => PAD.left + i * step + step / 2;
  const total = values.reduce((sum, v) => sum + v, 0);
  const last = data.at(-1);
  const summary =
    values.length === 0
      ? `${title}: no data in the last ${data.length} days.`
      : `${title}, last ${data.length} days: highest ${format(max)}, ${kind === "bars" ? `total ${format(total)}` : `average ${format(total / values.length)}`}; today ${last?.value == null ? "none" : format(last.value)}.`;
  const points = data.flatMap((d, i) => (d.value === null ? [] : [`${x(i).toFixed(1)},${y(d.value).toFixed(1)}`]));
  return (
    <figure aria-labelledby={`${id}-title`} className="card p-4">
      <figcaption>
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">{caption}</p>
      </figcaption>
      <p className="mt-2 text-xs text-slate-600">
        Highest: <span className="font-medium text-slate-900">{values.length ? format(max) : "—"}</span>
      </p>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-1 h-auto w-full">
        <title>{summary}</title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotHeight} y2={PAD.top + plotHeight} className="stroke-slate-300" strokeWidth="1" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top} y2={PAD.top} className="stroke-slate-100" strokeWidth="1" strokeDasharray="4 4" />
        {kind === "bars"
          ? data.map((d, i) =>
              d.value ? (
                <rect
                  key={d.day}
                  x={(PAD.left + i * step + step * 0.15).toFixed(1)}
                  y={y(d.value).toFixed(1)}
                  width={(step * 0.7).toFixed(1)}
                  height={(PAD.top + plotHeight - y(d.value)).toFixed(1)}
                  className="fill-brand-600"
                  rx="1.5"
                />
              ) : null,
            )
          : points.length > 0 && (
              <>
                <polyline points={points.join(" ")} fill="none" className="stroke-brand-600" strokeWidth="2" strokeLinejoin="round" />
                {points.map((point) => {
                  const [cx, cy] = point.split(",");
                  return <circle key={point} cx={cx} cy={cy} r="2.5" className="fill-brand-600" />;
                })}
              </>
            )}
      </svg>
      <p aria-hidden="true" className="flex justify-between text-xs text-slate-600">
        <span>{data[0] ? shortDay(data[0].day) : ""}</span>
        <span>{last ? shortDay(last.day) : ""}</span>
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 hover:underline">Show data</summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}, per day</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {title}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 font-normal text-slate-700">
                    {d.day}
                  </th>
                  <td className="py-1 text-right tabular-nums text-slate-900">{d.value === null ? "—" : format(d.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
