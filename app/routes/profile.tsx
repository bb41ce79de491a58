import { Link, redirect } from "react-router";

import { Avatar } from "~/components/avatar";
import { Briefcase, Mail, MapPin, Pencil, Phone } from "~/components/icons";
import { CalendarFeedSection } from "~/components/profile/calendar-feed-section";
import { PROFILE_FORM_ID } from "~/components/profile/constants";
import { EmailAlertsForm } from "~/components/profile/email-alerts-form";
import { ProfileForm } from "~/components/profile/profile-form";
import { CategoryChips, PROFILE_CARD, ProfileSection, RatingIcon, StatTile } from "~/components/profile/profile-parts";
import { PushDevicesSection } from "~/components/profile/push-devices-section";
import { ReviewsSection } from "~/components/profile/received-reviews";
import { TitledSection } from "~/components/titled-section";
import { BlockedUsersSection } from "~/components/trust-safety/blocked-users";
import { ProfilePhotoForm } from "~/components/uploads/profile-photo-form";
import { runForPage } from "~/http/operation-answers.server";
import { getSession, readPageForm, redirectWithSubmission, requireUser, takeSubmission } from "~/http/request-session.server";
import { getConfig } from "~/infra/config.server";
import { FAILURE_TOASTS } from "~/lib/failure-toasts";
import { dateTimeFormat, formatHourlyRate, formatRating } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { fullName } from "~/lib/user-display";
import { blockedUsers } from "~/operations/blocks.server";
import { calendarFeedSettings } from "~/operations/calendar.server";
import { myAlertChoices } from "~/operations/email-preferences.server";
import { profileInput, updateProfile } from "~/operations/profile.server";
import { myDevices, myEndpointDigests, publicPushKey } from "~/operations/push-devices.server";
import { receivedReviews } from "~/operations/reviews.server";

import type { Route } from "./+types/profile";

const UPDATE_FAILED = FAILURE_TOASTS.updateProfile;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const editing = new URL(request.url).searchParams.get("edit") === "1";
  return {
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      phoneNumber: user.phoneNumber,
      currentRole: user.currentRole,
      userType: user.userType,
      bio: user.bio,
      address: user.address,
      hourlyRate: user.hourlyRate,
      providerCategories: user.providerCategories,
      averageRating: user.averageRating,
      totalReviews: user.totalReviews,
      totalJobsCompleted: user.totalJobsCompleted,
      createdAt: user.createdAt,
    },
    editing,
    lastResult: takeSubmission(context, PROFILE_FORM_ID),
    reviews: receivedReviews(user.id),
    emailAlerts: await myAlertChoices(user, getSession(context).id),
    push: { ...(await publicPushKey()), endpointDigests: await myEndpointDigests(user), devices: await myDevices(user, getSession(context).id) },
    calendarFeed: await calendarFeedSettings(user),
    blocked: await blockedUsers(user),
  };
}

/** Saves the profile form; a rejected form goes back to /profile?edit=1 with its errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form: formData } = await readPageForm(context, request);
  const submission = parseForm(formData, profileInput);
  if (submission.status !== "success") return redirectWithSubmission(context, request, PROFILE_FORM_ID, submission.reply());
  const saved = await runForPage(context, () => updateProfile(user, submission.value), {
    success: { title: "Profile updated", description: "Your changes have been saved." },
    failure: UPDATE_FAILED,
  });
  if (!saved.ok) return redirectWithSubmission(context, request, PROFILE_FORM_ID, submission.reply({ formErrors: [UPDATE_FAILED.description] }));
  return redirect("/profile");
}

const FOCUS = "focus-ring";

export function ServerComponent({ loaderData }: Route.ComponentProps) {
  const { profile, editing, lastResult, reviews, emailAlerts, push, calendarFeed, blocked } = loaderData;
  const isProvider = profile.currentRole === "provider";
  const timeZone = getConfig().timeZone;
  const memberSince = dateTimeFormat("en-US", { timeZone, month: "long", year: "numeric" }).format(profile.createdAt);
  const day = dateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" });
  const moment = dateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  const hourlyRate = formatHourlyRate(profile.hourlyRate);

  return (
    <main className="mx-auto max-w-4xl px-4 py-6 md:py-10">
      <title>{editing ? "Edit profile | Nearhand" : "Profile | Nearhand"}</title>

      <header className={PROFILE_CARD}>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <Avatar user={profile} size="lg" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <h1 className="break-words text-2xl font-bold text-slate-900" data-testid="profile-name">
                  {fullName(profile)}
                </h1>
                <div className="mt-2 flex flex-wrap gap-2">
                  <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-700" data-testid="role-badge">
                    {isProvider ? "Service Provider" : "Help Seeker"}
                  </span>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700" data-testid="type-badge">
                    {profile.userType === "business" ? "Business" : "Individual"}
                  </span>
                </div>
              </div>
              {!editing ? (
                <Link
                  to="/profile?edit=1"
                  className={`inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 ${FOCUS}`}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                  Edit profile
                </Link>
              ) : null}
            </div>
            <ProfilePhotoForm hasPhoto={Boolean(profile.profileImageUrl)} className="mt-3" />
            <ul className="mt-4 grid gap-2 text-sm text-slate-700">
              <li className="flex min-w-0 items-center gap-2">
                <Mail className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                <span className="sr-only">Email: </span>
                <span className="truncate" data-testid="profile-email">
                  {profile.email}
                </span>
              </li>
              <li className="flex items-center gap-2">
                <Phone className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                <span className="sr-only">Phone: </span>
                <span data-testid="profile-phone">{profile.phoneNumber ?? <span className="text-slate-500">No phone number</span>}</span>
              </li>
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                <span className="sr-only">Location: </span>
                <span className="break-words" data-testid="profile-address">
                  {profile.address ?? <span className="text-slate-500">No location set</span>}
                </span>
              </li>
            </ul>
          </div>
        </div>
      </header>

      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile label="Average rating" value={formatRating(profile.averageRating)} icon={<RatingIcon />} testId="stat-rating" />
        <StatTile label="Total reviews" value={profile.totalReviews} testId="stat-reviews" />
        <StatTile label="Jobs completed" value={profile.totalJobsCompleted} testId="stat-jobs" />
        <StatTile label="Member since" value={<span className="text-base">{memberSince}</span>} testId="stat-member-since" />
      </dl>

      {editing ? (
        <ProfileSection titleId="edit-profile-title" title="Edit profile" titleSpacing="mb-5" testId="profile-edit">
          <ProfileForm
            isProvider={isProvider}
            lastResult={lastResult}
            defaults={{
              firstName: profile.firstName ?? "",
              lastName: profile.lastName ?? "",
              phoneNumber: profile.phoneNumber ?? "",
              bio: profile.bio ?? "",
              address: profile.address ?? "",
              hourlyRate: profile.hourlyRate ? String(Number(profile.hourlyRate)) : "",
              providerCategories: profile.providerCategories,
            }}
          />
        </ProfileSection>
      ) : (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <TitledSection titleId="about-title" title="About" className={PROFILE_CARD}>
            {profile.bio ? (
              <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700" data-testid="profile-bio">
                {profile.bio}
              </p>
            ) : (
              <p className="mt-2 text-sm text-slate-500">
                No bio yet.{" "}
                <Link to="/profile?edit=1" className={`rounded font-medium text-brand-700 hover:underline ${FOCUS}`}>
                  Add one
                </Link>
              </p>
            )}
          </TitledSection>

          <section aria-labelledby="provider-info-title" className={PROFILE_CARD} data-testid="provider-info">
            <h2 id="provider-info-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Briefcase className="h-4 w-4 text-slate-500" aria-hidden />
              Provider info
            </h2>
            {!isProvider ? <p className="mt-1 text-xs text-slate-500">Used when you switch to offering services.</p> : null}
            <dl className="mt-3 grid gap-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-slate-500">Hourly rate</dt>
                <dd className="font-semibold text-slate-900" data-testid="profile-hourly-rate">
                  {hourlyRate ?? <span className="font-normal text-slate-500">Not set</span>}
                </dd>
              </div>
              <div className="grid gap-2">
                <dt className="text-slate-500">Service categories</dt>
                <dd>
                  <CategoryChips ids={profile.providerCategories} />
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-slate-500">Service area</dt>
                <dd className="break-words text-slate-900">{profile.address ?? <span className="text-slate-500">Not set</span>}</dd>
              </div>
            </dl>
          </section>
        </div>
      )}

      <ReviewsSection title="Reviews received" reviews={reviews} reporting={{ viewerId: profile.id, returnTo: "/profile" }} />
      <PushDevicesSection
        publicKey={push.publicKey}
        endpointDigests={push.endpointDigests}
        devices={push.devices.map((device) => ({
          id: device.id,
          name: device.name,
          added: day.format(device.createdAt),
          lastDelivered: device.lastSuccessAt ? moment.format(device.lastSuccessAt) : null,
          alerts: device.alerts,
          current: device.current,
        }))}
      />
      <EmailAlertsForm choices={emailAlerts.rows} thisDevice={emailAlerts.thisDevice} />
      {calendarFeed.offered ? <CalendarFeedSection url={calendarFeed.url} /> : null}
      <BlockedUsersSection users={blocked} />
    </main>
  );
}
