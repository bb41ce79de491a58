import { data } from "react-router";

import { NotFoundPage } from "~/components/not-found-page";
import { requireUser } from "~/http/request-session.server";
import { caughtMail } from "~/infra/mail.server";

import type { Route } from "./+types/mail";

/**
 * /dev/mail: the signed-in user's mailbox as the embedded mail catcher received it, newest first (development and
 * tests only; with SMTP_URL or in production there is no catcher and this is the 404 page). Like any inbox it
 * shows one person's mail: sign in as someone else (the development sign-in takes any email) to read theirs.
 * `?id=` opens one message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const caught = await caughtMail();
  if (!caught) return data({ open: null, list: null }, { status: 404 });
  const user = await requireUser(context, request);
  const mine = user.email.toLowerCase();
  const messages = caught.filter((m) => m.to.some((to) => to.toLowerCase() === mine));
  const id = new URL(request.url).searchParams.get("id");
  const open = id ? (messages.find((m) => m.id === id) ?? null) : null;
  return {
    open,
    list: messages.map((m) => ({ id: m.id, to: m.to.join(", "), subject: m.subject, receivedAt: m.receivedAt.toISOString() })),
  };
}

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { list, open } = loaderData;
  if (!list) return <NotFoundPage />;
  return (
    <main className="mx-auto max-w-4xl px-4 py-6 md:py-10">
      <title>Development mailbox | Nearhand</title>
      <h1 className="text-2xl font-bold">Development mailbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        The emails the app sent you, caught by the embedded SMTP server (set SMTP_URL to send through a real one).
      </p>
      {open ? (
        <article className="mt-6 rounded-xl border border-slate-200 bg-white p-4" data-testid="dev-mail-message">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium">To</dt>
            <dd>{open.to.join(", ")}</dd>
            <dt className="font-medium">Subject</dt>
            <dd>{open.subject}</dd>
            {Object.entries(open.headers)
              .filter(([name]) => name.startsWith("list-unsubscribe"))
              .map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-medium">{name}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
          </dl>
          <pre className="mt-4 whitespace-pre-wrap break-words text-sm">{open.text}</pre>
          <a href="/dev/mail" className="mt-4 inline-block text-sm font-medium text-blue-700 underline">
            Back to the mailbox
          </a>
        </article>
      ) : null}
      {list.length === 0 ? (
        <p className="mt-6 text-slate-600">No mail yet</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="dev-mail-list">
          {list.map((m) => (
            <li key={m.id} className="p-3">
              <a href={`/dev/mail?id=${m.id}`} className="font-medium text-blue-700 underline">
                {m.subject}
              </a>
              <p className="text-sm text-slate-600">
                {`to ${m.to} · `}
                <time dateTime={m.receivedAt}>{m.receivedAt}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
