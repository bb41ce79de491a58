// The landing and the seeker home as a peer would write them: components that render the page from the data the
// peer queried, one element per item (category card, booking, job card), with the markup the app's components emit
// (the same elements, class names and text; the bench compares the two pages before timing). Formatting is the
// app's own pure helpers, imported, as a peer would use a library. Each peer passes its framework's link.
import type { ComponentType, ReactNode } from "react";

import { CATEGORIES } from "../../../app/lib/categories.ts";
import { formatBudget, formatRating, formatRelativeTime, JOB_STATUS_STYLES, statusLabel } from "../../../app/lib/format.ts";
import { ICON_SPRITE_URL } from "../../../app/lib/icon-ids.ts";
import { availableLabel } from "../../../app/lib/job-display.ts";
import { formatMoment, formatWindow } from "../../../app/lib/schedule.ts";
import { badgeCount, fullName, initials } from "../../../app/lib/user-display.ts";
import { FavoriteToggle } from "./favorite-toggle.tsx";
import type { SeekerHomeBooking, SeekerHomeData, SeekerHomeJob } from "./queries.ts";
import type { SessionUser } from "./session.ts";

/** The app's primary button (app/components/forms/styles.ts). */
const PRIMARY_BUTTON_CLASS = "btn-primary";

export type PeerLink = ComponentType<
  { href: string; className?: string; children?: ReactNode } & Partial<Record<`${"data" | "aria"}-${string}` | "title", string>>
>;

/** The app's default APP_TIME_ZONE (the bench sets none); `process` is not there when React Router hydrates. */
const TIME_ZONE = (typeof process === "undefined" ? undefined : process.env.APP_TIME_ZONE) ?? "America/New_York";

function Icon({ id, className }: { id: string; className: string }) {
  return (
    <svg className={`icon ${className}`} aria-hidden>
      <use href={`${ICON_SPRITE_URL}#${id}`} />
    </svg>
  );
}

const FEATURES = [
  { icon: "zap", title: "Instant Matching", text: "Get matched with providers nearby by location, availability and skills, in minutes." },
  { icon: "credit-card", title: "Secure Payments", text: "Pay safely with several payment options once the job is done." },
  {
    icon: "star",
    title: "Trusted Ratings & Reviews",
    text: "Both sides review each other after every job, so you know who you are working with.",
  },
  { icon: "map-pin", title: "Location-Based Search", text: "See jobs and providers around you, sorted by how close they are." },
  {
    icon: "bell",
    title: "Real-Time Notifications",
    text: "Hear about job requests, messages and booking confirmations the moment they happen.",
  },
  { icon: "repeat", title: "Dual Roles", text: "One account: ask for help today, offer your skills tomorrow. Switch any time." },
];

export function Landing() {
  return (
    <>
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
              {FEATURES.map(({ icon, title, text }) => (
                <li key={title} className="rounded-xl border border-slate-200 bg-slate-50 p-6">
                  <Icon id={icon} className="h-8 w-8 text-brand-600" />
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
      {CONTENT_END}
    </>
  );
}

/** After the page's content, as the app's root writes it: the document's first paint waits for it (decision 0090). */
export const CONTENT_END = <span id="content-end" hidden />;

type Named = { firstName: string | null; lastName: string | null; email?: string | null; profileImageUrl?: string | null };

function Avatar({ user, initialsAsImage = false }: { user: Named; initialsAsImage?: boolean }) {
  return (
    <span className="avatar avatar-sm" aria-hidden={!initialsAsImage || undefined}>
      {initialsAsImage ? <span aria-hidden data-initials={initials(user)} className="before:content-[attr(data-initials)]" /> : initials(user)}
      {user.profileImageUrl ? (
        <span
          className="absolute inset-0 bg-cover bg-center"
          style={{ backgroundImage: `url(${JSON.stringify(user.profileImageUrl)})` }}
          data-testid="avatar-image"
        />
      ) : null}
    </span>
  );
}

/** The pages of one peer, drawn with its framework's link. */
export function peerPages(Link: PeerLink) {
  function IconLink({ href, label, icon, count = 0, testId }: { href: string; label: string; icon: string; count?: number; testId?: string }) {
    const badge = badgeCount(count);
    return (
      <Link href={href} className="nav-icon" {...(testId ? { "data-testid": testId } : {})}>
        <Icon id={icon} className="h-5 w-5" />
        <span className="sr-only">{badge ? `${label} (${count} unread)` : label}</span>
        {badge ? (
          <span className="nav-count" data-testid={testId ? `${testId}-badge` : undefined} aria-hidden>
            {badge}
          </span>
        ) : null}
      </Link>
    );
  }

  function RoleSwitch({ user, returnTo, className }: { user: SessionUser; returnTo: string; className: string }) {
    const seeker = user.currentRole === "seeker";
    return (
      <a
        href={`/switch-role?returnTo=${encodeURIComponent(returnTo)}`}
        aria-haspopup="dialog"
        className={`btn-outline ${className}`}
        data-testid="role-switch"
      >
        <Icon id="repeat" className="h-4 w-4" />
        {seeker ? "Become a Provider" : "Find Help"}
        <span className="pill-brand">{seeker ? "Seeker" : "Provider"}</span>
      </a>
    );
  }

  function Header({ user, counts, returnTo }: { user: SessionUser; counts: SeekerHomeData["counts"]; returnTo: string }) {
    return (
      <header className="app-header">
        <nav aria-label="Main" className="app-nav">
          <Link href="/" className="app-brand">
            <span className="app-logo" aria-hidden>
              N
            </span>
            <span>
              Nearhand<span className="sr-only"> home</span>
            </span>
          </Link>
          <div className="hidden md:block">
            <RoleSwitch user={user} returnTo={returnTo} className="" />
          </div>
          {user.currentRole === "seeker" ? <IconLink href="/providers" label="Find a provider" icon="users" testId="providers-link" /> : null}
          <IconLink href="/favorites" label="Favorites" icon="heart" />
          <IconLink href="/notifications" label="Notifications" icon="bell" count={counts.notifications} testId="notifications-link" />
          <IconLink href="/messages" label="Messages" icon="message-square" count={counts.messages} testId="messages-link" />
          <details className="relative">
            <summary className="menu-summary" aria-label="Profile menu" data-testid="profile-menu">
              <Avatar user={user} initialsAsImage />
            </summary>
            <div className="menu-panel">
              <div className="border-b border-slate-100 px-4 pb-2">
                <p className="truncate font-medium text-slate-900">{fullName(user)}</p>
                <p className="truncate text-sm text-slate-500">{user.email}</p>
              </div>
              <div className="px-2 pt-2 md:hidden">
                <RoleSwitch user={user} returnTo={returnTo} className="w-full" />
              </div>
              <Link href="/profile" className="menu-item">
                <Icon id="user" className="h-4 w-4" /> Profile
              </Link>
              <a href="/api/logout" className="menu-item">
                <Icon id="log-out" className="h-4 w-4" /> Sign out
              </a>
            </div>
          </details>
        </nav>
      </header>
    );
  }

  function CategoryCard({ category, count }: { category: (typeof CATEGORIES)[number]; count: number }) {
    return (
      <li>
        <Link
          href={`/post-job?category=${category.id}`}
          data-testid="category-card"
          className="card-link flex h-full flex-col items-center gap-2 p-4 text-center md:p-6"
        >
          <span className="category-mark">
            <Icon id={category.icon.toLowerCase()} className="h-6 w-6" />
          </span>
          <span className="text-sm font-semibold text-slate-900 md:text-base">{category.name}</span>
          <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-600 md:text-sm" data-testid="available-count">
            <span className={`h-2 w-2 rounded-full ${count > 0 ? "bg-green-500" : "bg-slate-300"}`} aria-hidden />
            {availableLabel(count)}
          </span>
        </Link>
      </li>
    );
  }

  function standing(booking: SeekerHomeBooking, now: Date): string {
    const provider = fullName(booking.provider);
    if (booking.status === "pending") {
      const answerBy = booking.expiresAt ? ` · answer by ${formatMoment(booking.expiresAt, TIME_ZONE, now)}` : "";
      return `Waiting for ${provider} to answer${answerBy}`;
    }
    return booking.status === "in_progress" ? `${provider} is working on it` : `Booked with ${provider}`;
  }

  function BookingItem({ booking, now }: { booking: SeekerHomeBooking; now: Date }) {
    return (
      <li>
        <Link href={`/bookings/${booking.id}`} data-testid="your-booking" className="flex items-center gap-3 rounded-xl p-4">
          <div className="min-w-0 flex-1">
            <p className="break-words font-semibold text-slate-900">{booking.job.title}</p>
            <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-slate-900">
              <Icon id="calendar-clock" className="mt-0.5 h-4 w-4 shrink-0" />
              {formatWindow({ start: booking.scheduledAt, end: booking.scheduledEndAt }, TIME_ZONE, now)}
            </p>
            <p className="mt-1 text-sm text-slate-600">{standing(booking, now)}</p>
          </div>
          <Icon id="chevron-right" className="h-5 w-5 shrink-0 text-slate-400" />
        </Link>
      </li>
    );
  }

  function YourBookings({ bookings }: { bookings: SeekerHomeBooking[] }) {
    if (bookings.length === 0) return null;
    const now = new Date();
    return (
      <section aria-labelledby="your-bookings-title" className="mt-10">
        <h2 id="your-bookings-title" className="text-xl font-bold text-slate-900">
          Your bookings
        </h2>
        <ul
          className="mt-4 grid gap-3 md:grid-cols-2 *:rounded-xl *:border *:border-slate-200 *:bg-white *:shadow-sm *:hover:border-brand-500"
          data-testid="your-bookings"
        >
          {bookings.map((booking) => (
            <BookingItem key={booking.id} booking={booking} now={now} />
          ))}
        </ul>
      </section>
    );
  }

  function JobCard({ job, favorited, role, returnTo }: { job: SeekerHomeJob; favorited: boolean; role: string; returnTo: string }) {
    const budget = formatBudget(job.budget);
    const titleId = `job-${job.id}-title`;
    return (
      <article aria-labelledby={titleId} data-testid="job-card" className="job-card">
        <div className="job-card-head">
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="job-card-title">
              {job.title}
            </h3>
            <div className="job-card-badges">
              {job.isUrgent ? <span className="pill-urgent">Urgent</span> : null}
              <span data-testid="job-status" className={`pill font-medium capitalize ${JOB_STATUS_STYLES[job.status]}`}>
                {statusLabel(job.status)}
              </span>
              {job.requestedProviderId ? (
                <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800" data-testid="direct-request">
                  Direct request
                </span>
              ) : null}
            </div>
          </div>
          <FavoriteToggle
            targetId={job.id}
            initialFavorited={favorited}
            role={role}
            describedBy={titleId}
            returnTo={returnTo}
            icon={<Icon id="heart" className="heart-icon" />}
          />
        </div>
        <p className="job-meta">
          <span className="meta-item break-words">
            <Icon id="map-pin" className="h-4 w-4 shrink-0" />
            {job.address}
          </span>
          <span className="meta-item-nowrap">
            <Icon id="clock" className="h-4 w-4 shrink-0" />
            <time dateTime={new Date(job.createdAt).toISOString()}>{formatRelativeTime(job.createdAt)}</time>
          </span>
        </p>
        <p className="job-card-desc">{job.description}</p>
        <div className="job-card-foot">
          <div className="job-card-person">
            <Avatar user={job.seeker} />
            <div className="min-w-0">
              <p className="job-card-name">{fullName(job.seeker)}</p>
              <p className="job-card-rating">
                <svg className="icon star-sm" aria-hidden>
                  <use href={`${ICON_SPRITE_URL}#star`} />
                </svg>
                <span className="sr-only">Rating </span>
                {formatRating(job.seeker.averageRating)}
              </p>
            </div>
          </div>
          <div className="job-card-actions">
            {budget ? (
              <span className="price" data-testid="job-budget">
                {budget}
              </span>
            ) : null}
            <Link href={`/jobs/${job.id}`} aria-describedby={titleId} className="btn-small">
              View Details
            </Link>
          </div>
        </div>
      </article>
    );
  }

  function RecentRequests({ data, returnTo }: { data: SeekerHomeData; returnTo: string }) {
    const header = (viewAll: boolean) => (
      <div className="flex items-center justify-between gap-4">
        <h2 id="recent-title" className="text-xl font-bold text-slate-900">
          Your Recent Requests
        </h2>
        {viewAll ? (
          <Link href="/my-jobs" className="rounded text-sm font-semibold text-brand-700 hover:underline focus-ring">
            View All
          </Link>
        ) : null}
      </div>
    );
    if (data.jobs.length === 0) {
      return (
        <>
          {header(false)}
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 text-center mt-4 py-10">
            <p className="font-medium text-slate-900">No jobs posted yet</p>
            <p className="mt-1 text-sm text-slate-600">Tell us what you need and providers nearby will be notified.</p>
            <Link href="/post-job" className={`mt-5 inline-flex items-center gap-2 ${PRIMARY_BUTTON_CLASS}`}>
              <Icon id="plus" className="h-4 w-4" />
              Post Your First Job
            </Link>
          </div>
        </>
      );
    }
    return (
      <>
        {header(true)}
        <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="recent-requests">
          {data.jobs.map((job) => {
            const role = data.savedJobs.get(job.id);
            return (
              <li key={job.id}>
                <JobCard job={job} favorited={role !== undefined} role={role ?? data.role} returnTo={returnTo} />
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  /** The seeker home (header and main) from the peer's queries. */
  function SeekerHome({ user, data, returnTo }: { user: SessionUser; data: SeekerHomeData; returnTo: string }) {
    return (
      <>
        <Header user={user} counts={data.counts} returnTo={returnTo} />
        <main className="mx-auto max-w-6xl px-4 pb-24 pt-8 md:pb-12">
          <title>Nearhand</title>
          <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">What help do you need?</h1>
          <p className="mt-1 text-slate-600">Choose a category to see who is available near you and post a job.</p>
          <section aria-labelledby="categories-title" className="mt-6">
            <h2 id="categories-title" className="sr-only">
              Categories
            </h2>
            <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4">
              {CATEGORIES.map((category) => (
                <CategoryCard key={category.id} category={category} count={data.providers[category.id] ?? 0} />
              ))}
            </ul>
          </section>
          <p className="mt-4 text-sm">
            <Link href="/providers" className="font-medium text-brand-700 hover:underline" data-testid="home-directory-link">
              Looking for someone in particular? Find a provider by name, skill or rating
            </Link>
          </p>
          <YourBookings bookings={data.bookings} />
          <section aria-labelledby="recent-title" className="mt-10">
            <RecentRequests data={data} returnTo={returnTo} />
          </section>
          <Link
            href="/post-job"
            aria-label="Post a job"
            title="Post a job"
            data-testid="post-job-fab"
            className="fixed bottom-6 right-6 z-20 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus-ring md:hidden"
          >
            <Icon id="plus" className="h-7 w-7" />
          </Link>
        </main>
        {CONTENT_END}
      </>
    );
  }

  return { SeekerHome };
}

/** The body's class, as the app's document has it. */
export const BODY_CLASS = "min-h-screen bg-slate-50 font-sans text-slate-900 antialiased";
