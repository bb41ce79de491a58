import { Bell, CreditCard, MapPin, Repeat, Star, Zap } from "~/components/icons";

const FEATURES = [
  {
    icon: Zap,
    title: "Instant Matching",
    text: "Get matched with providers nearby by location, availability and skills, in minutes.",
  },
  {
    icon: CreditCard,
    title: "Secure Payments",
    text: "Pay safely with several payment options once the job is done.",
  },
  {
    icon: Star,
    title: "Trusted Ratings & Reviews",
    text: "Both sides review each other after every job, so you know who you are working with.",
  },
  {
    icon: MapPin,
    title: "Location-Based Search",
    text: "See jobs and providers around you, sorted by how close they are.",
  },
  {
    icon: Bell,
    title: "Real-Time Notifications",
    text: "Hear about job requests, messages and booking confirmations the moment they happen.",
  },
  {
    icon: Repeat,
    title: "Dual Roles",
    text: "One account: ask for help today, offer your skills tomorrow. Switch any time.",
  },
];

/** The signed-out landing page; plain links and anchors, no JavaScript needed. */
export function LandingPage() {
  return (
    <main>
      <title>Nearhand: urgent local help, nearby</title>
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5">
        <span className="flex items-center gap-2 text-lg font-bold">
          <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white" aria-hidden>
            N
          </span>
          Nearhand
        </span>
        <a href="/api/login" className="text-sm font-medium text-brand-700 hover:underline">
          Sign in
        </a>
      </header>
      <section className="mx-auto max-w-6xl px-4 pb-20 pt-12 text-center md:pt-20">
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 md:text-6xl">Urgent help from people nearby</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
          Post a repair, cleaning, moving or assembly job and get matched with a trusted local provider in minutes. Or switch roles and earn by
          helping your neighbours.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <a href="/api/login" className="rounded-md bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow hover:bg-brand-700">
            Get Started
          </a>
          <a
            href="#features"
            className="rounded-md border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50"
          >
            Learn More
          </a>
        </div>
      </section>
      <section id="features" aria-labelledby="features-title" className="bg-white py-20">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="features-title" className="text-center text-3xl font-bold text-slate-900">
            Everything you need to get it done
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-slate-50 p-6">
                <Icon className="h-8 w-8 text-brand-600" aria-hidden />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-20 text-center">
        <h2 className="text-3xl font-bold text-slate-900">Ready to get started?</h2>
        <p className="mt-4 text-slate-600">Join your neighbours who get things done with Nearhand.</p>
        <a
          href="/api/login"
          className="mt-8 inline-block rounded-md bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow hover:bg-brand-700"
        >
          Sign Up Now
        </a>
      </section>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-500">Nearhand is open source.</footer>
    </main>
  );
}
