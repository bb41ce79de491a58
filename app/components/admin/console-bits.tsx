import type { ReactNode } from "react";
import { Link } from "react-router";

import { FOCUS_RING } from "~/components/forms/styles";
import { fullName, type NamedUser } from "~/lib/user-display";

/** A user in the console: their name linking to their page, their email beside it. */
export function PersonLink({ person }: { person: (NamedUser & { id: string; email: string }) | null }) {
  if (!person) return <span className="text-slate-600">—</span>;
  return (
    <span>
      <Link to={`/admin/users/${person.id}`} className={`font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 ${FOCUS_RING}`}>
        {fullName(person)}
      </Link>{" "}
      <span className="break-all text-slate-600">{person.email}</span>
    </span>
  );
}

/** A small label: a status, "Hidden", "Excluded", "Operator", "Suspended". */
export function Tag({ tone = "slate", children }: { tone?: "slate" | "red" | "amber" | "brand"; children: ReactNode }) {
  const tones = {
    slate: "bg-slate-100 text-slate-800",
    red: "bg-red-100 text-red-800",
    amber: "bg-amber-100 text-amber-900",
    brand: "bg-brand-100 text-brand-800",
  };
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

/** A card of the console with its heading. */
export function ConsoleCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-4">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** What a list with nothing in it says. */
export function Nothing({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}
