import type { User } from "~/models/user.server";

/** The provider dashboard (spec §2). */
export function ProviderDashboard({ user }: { user: User }) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <title>Provider dashboard | Nearhand</title>
      <h1 className="text-2xl font-bold">Provider dashboard</h1>
      <p className="sr-only">{user.firstName}</p>
    </main>
  );
}
