import type { User } from "~/models/user.server";

/** The seeker home (spec §2). */
export function SeekerHome({ user }: { user: User }) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <title>Nearhand</title>
      <h1 className="text-2xl font-bold">What help do you need?</h1>
      <p className="sr-only">{user.firstName}</p>
    </main>
  );
}
