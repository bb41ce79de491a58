import type { ReactNode } from "react";
import { Link } from "react-router";

import { ArrowLeft } from "~/components/icons";

/**
 * The not-found screen of a job, a booking or a provider (spec §8: 'Job not found', 'Booking not found'): the
 * page keeps the app's shell and answers 404; `children` may say more (why an accept was refused).
 */
export function NotFoundCard({ title, text, linkText, children }: { title: string; text: string; linkText: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4">
      <title>{`${title} | Nearhand`}</title>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
        <p className="mt-2 text-sm text-slate-600">{text}</p>
        <Link
          to="/"
          className="mt-6 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-ring"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {linkText}
        </Link>
      </div>
    </main>
  );
}
