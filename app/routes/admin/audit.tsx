import { Link } from "react-router";

import { AdminShell } from "~/components/admin/admin-shell";
import { AuditEntries } from "~/components/admin/audit-entries";
import { FOCUS_RING, INPUT_CLASS, LABEL_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { requireOperator } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { isUuid } from "~/lib/ids";
import { auditPage } from "~/operations/audit.server";

import type { Route } from "./+types/audit";

/** /admin/audit?operator=&target=&before=: every operator action, newest first, 50 a page (operators only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const search = new URL(request.url).searchParams;
  const value = (name: string) => search.get(name)?.trim() || undefined;
  const filter = { operator: value("operator"), target: value("target") };
  // A filter that is no id finds nothing; it is said so rather than refused.
  const invalid = Object.entries(filter).flatMap(([name, id]) => (id && !isUuid(id) ? [name] : []));
  const page = invalid.length ? { entries: [], next: null } : await auditPage({ ...filter, before: value("before") });
  return { filter, invalid, page, timeZone: getConfig().timeZone };
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { filter, invalid, page, timeZone } = loaderData;
  const older = new URLSearchParams({
    ...(filter.operator ? { operator: filter.operator } : {}),
    ...(filter.target ? { target: filter.target } : {}),
  });
  if (page.next) older.set("before", page.next);
  return (
    <AdminShell title="Audit log" current="/admin/audit">
      <form method="get" action="/admin/audit" className="grid gap-3 card p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="audit-operator" className={LABEL_CLASS}>
            Operator (user id)
          </label>
          <input
            id="audit-operator"
            name="operator"
            defaultValue={filter.operator ?? ""}
            className={`mt-1 font-mono ${INPUT_CLASS}`}
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor="audit-target" className={LABEL_CLASS}>
            Target or user (id)
          </label>
          <input id="audit-target" name="target" defaultValue={filter.target ?? ""} className={`mt-1 font-mono ${INPUT_CLASS}`} autoComplete="off" />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={PRIMARY_BUTTON_CLASS}>
            Filter
          </button>
          {(filter.operator || filter.target) && (
            <Link to="/admin/audit" className={SECONDARY_BUTTON_CLASS}>
              Clear
            </Link>
          )}
        </div>
      </form>
      {invalid.length > 0 && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {invalid.map((name) => (name === "operator" ? "The operator" : "The target")).join(" and ")} must be an id (a uuid).
        </p>
      )}
      <section aria-labelledby="entries-title" className="mt-6 card p-4">
        <h2 id="entries-title" className="text-base font-semibold text-slate-900">
          Actions, newest first
        </h2>
        <div className="mt-2">
          <AuditEntries entries={page.entries} timeZone={timeZone} />
        </div>
      </section>
      {page.next && (
        <p className="mt-4">
          <Link to={`/admin/audit?${older}`} className={`${SECONDARY_BUTTON_CLASS} inline-block ${FOCUS_RING}`}>
            Older
          </Link>
        </p>
      )}
    </AdminShell>
  );
}
