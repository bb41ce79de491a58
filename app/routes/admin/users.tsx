import { AdminShell } from "~/components/admin/admin-shell";
import { Nothing, PersonLink, Tag } from "~/components/admin/console-bits";
import { INPUT_CLASS, LABEL_CLASS, PRIMARY_BUTTON_CLASS } from "~/components/forms/styles";
import { requireOperator } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { consoleStamp } from "~/lib/overview-days";
import { isSuspended } from "~/lib/trust-safety";
import { lookupUsers } from "~/operations/user-lookup.server";

import type { Route } from "./+types/users";

/** /admin/users?q=: find a user by a part of their email or name, or their id (operators only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  return { q, found: q ? await lookupUsers(q) : null, timeZone: getConfig().timeZone };
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { q, found, timeZone } = loaderData;
  const now = new Date();
  return (
    <AdminShell title="Users" current="/admin/users">
      <form method="get" action="/admin/users" role="search" className="flex max-w-xl flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="user-q" className={LABEL_CLASS}>
            Email, name or user id
          </label>
          <input id="user-q" name="q" type="search" defaultValue={q} className={`mt-1 ${INPUT_CLASS}`} autoComplete="off" />
        </div>
        <button type="submit" className={PRIMARY_BUTTON_CLASS}>
          Search
        </button>
      </form>
      {found === null ? (
        <p className="mt-6 text-sm text-slate-600">
          Search by a part of an email or a name (three letters or more find fastest), or paste a user id.
        </p>
      ) : found.length === 0 ? (
        <div className="mt-6">
          <Nothing>No user matches “{q}”.</Nothing>
        </div>
      ) : (
        <section aria-labelledby="found-title" className="mt-6">
          <h2 id="found-title" className="text-base font-semibold text-slate-900">
            {found.length === 1 ? "1 user" : `${found.length} users`} matching “{q}”
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {found.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <PersonLink person={user} />
                <span className="flex flex-wrap items-center gap-2 text-slate-600">
                  {user.isOperator && <Tag tone="brand">Operator</Tag>}
                  {isSuspended(user, now) && <Tag tone="red">Suspended</Tag>}
                  <span>Joined {consoleStamp(user.createdAt, timeZone).slice(0, 10)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </AdminShell>
  );
}
