import type { ReactNode } from "react";
import { Link } from "react-router";

import { FOCUS_RING } from "~/components/forms/styles";

/** The console's sections (issue 34), in the order of its navigation. */
export const ADMIN_SECTIONS = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/reports", label: "Reports" },
  { href: "/admin/signals", label: "Signals" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/audit", label: "Audit log" },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number]["href"];

/** Every console page: its title, the console's navigation with the current section marked, then the page. */
export function AdminShell({ title, current, children }: { title: string; current: AdminSection; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 md:py-8">
      <title>{`${title} | Console | Nearhand`}</title>
      <p className="text-sm font-medium text-brand-700">Operator console</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 md:text-3xl">{title}</h1>
      <nav aria-label="Console" className="mt-4 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.href}>
              <Link
                to={section.href}
                aria-current={section.href === current ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${FOCUS_RING} ${
                  section.href === current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </main>
  );
}
