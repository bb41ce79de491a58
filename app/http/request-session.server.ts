import "server-only";

import type { SubmissionResult } from "@conform-to/react";
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { getSessionStorage, readSessionWithUser, type AppSession, type Toast } from "~/http/session.server";
import { getDb } from "~/infra/db.server";
import { MAX_REDIRECT_PATH } from "~/lib/redirects";
import { isSuspended } from "~/lib/trust-safety";
import { actsAsOperator, getUserById, type User } from "~/models/user.server";

interface RequestSession {
  session: AppSession;
  /** Set when the session changed and its cookie must be committed. */
  dirty: boolean;
  user?: Promise<User | null>;
  /** The request came with a signed-in session (it may end before the answer leaves: sign-out). */
  signedIn: boolean;
}

const requestSessionContext = createContext<RequestSession>();

/** Loads the session once per request and commits it afterwards if it changed. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const storage = getSessionStorage();
  const { session, user } = await readSessionWithUser(request.headers.get("Cookie"));
  const signedIn = Boolean(session.get("userId"));
  const state: RequestSession = { session, dirty: false, user: signedIn ? Promise.resolve(user) : undefined, signedIn };
  context.set(requestSessionContext, state);
  const response = await next();
  if (state.dirty) {
    const cookie = await storage.commitSession(state.session);
    try {
      response.headers.append("Set-Cookie", cookie);
    } catch {
      const copy = new Response(response.body, response);
      copy.headers.append("Set-Cookie", cookie);
      return copy;
    }
  }
  return response;
};

type Context = Readonly<RouterContextProvider>;

function state(context: Context): RequestSession {
  return context.get(requestSessionContext);
}

export function getSession(context: Context): AppSession {
  return state(context).session;
}

/**
 * Whether a user was signed in while the request ran (its session, as read or as it leaves): its answer holds that
 * user's data. False when the request was refused before its session was read.
 */
export function servedSignedIn(context: Context): boolean {
  let current: RequestSession;
  try {
    current = state(context);
  } catch {
    return false;
  }
  return current.signedIn || Boolean(current.session.get("userId"));
}

/** The signed-in user, or null. Loaded at most once per request. */
export function getCurrentUser(context: Context): Promise<User | null> {
  const current = state(context);
  const userId = current.session.get("userId");
  if (!userId) return Promise.resolve(null);
  current.user ??= getDb().then(async (db) => {
    const user = await getUserById(db, userId);
    return user && !isSuspended(user) ? user : null;
  });
  return current.user;
}

/** For pages: the user, or a redirect to sign-in that comes back here. */
export async function requireUser(context: Context, request: Request): Promise<User> {
  const user = await getCurrentUser(context);
  if (user) return user;
  throw signInRedirect(request);
}

/** A page action's signed-in user (else to sign-in) and the form it was sent. */
export async function readPageForm(context: Context, request: Request): Promise<{ user: User; form: FormData }> {
  const user = await requireUser(context, request);
  return { user, form: await request.formData() };
}

/** To sign-in, coming back to the request's page afterwards. */
export function signInRedirect(request: Request, init?: ResponseInit): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  // An address no page of ours has is not worth coming back to (and would make an oversized Location).
  return redirect(back.length > MAX_REDIRECT_PATH ? "/api/login" : `/api/login?returnTo=${encodeURIComponent(back)}`, init);
}

/** Queues a toast for the next page the browser shows (survives a no-JS redirect). */
export function flashToast(context: Context, toast: Toast): void {
  const current = state(context);
  current.session.flash("toast", toast);
  current.dirty = true;
}

/** Answers with a redirect to `location` and the toast the next page shows (post/redirect/get, with or without JS). */
export function redirectWithToast(context: Context, location: string, toast: Toast, init?: ResponseInit): Response {
  flashToast(context, toast);
  return redirect(location, init);
}

/** Takes the queued toast, if any. */
export function takeToast(context: Context): Toast | null {
  const current = state(context);
  if (!current.session.has("toast")) return null;
  const toast = current.session.get("toast") ?? null;
  current.dirty = true;
  return toast;
}

export function markSessionChanged(context: Context): void {
  state(context).dirty = true;
}

/**
 * Signs the user in under a brand-new session id (the old row is deleted),
 * so a session id seen before sign-in is worthless after it.
 */
export async function startUserSession(context: Context, userId: string): Promise<void> {
  const storage = getSessionStorage();
  const current = state(context);
  if (current.session.id) await storage.destroySession(current.session);
  const fresh = await storage.getSession();
  fresh.set("userId", userId);
  current.session = fresh;
  current.user = undefined;
  current.dirty = true;
}

/** Ends the session: deletes its row and returns the cookie header that clears it. */
export async function endUserSession(context: Context): Promise<string> {
  const current = state(context);
  current.dirty = false;
  return getSessionStorage().destroySession(current.session);
}

/**
 * Post/redirect/get for rejected forms too: in RSC mode loaders do not run
 * again when an action returns data, so a rejected form redirects back to its
 * page with the conform result flashed, and the page's loader hands it back.
 */
export function redirectWithSubmission(context: Context, request: Request, formId: string, result: SubmissionResult<string[]>): Response {
  const current = state(context);
  current.session.flash("submission", { formId, result });
  current.dirty = true;
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return redirect(url.pathname + url.search);
}

/** The flashed result of the form `formId`, if the last post of it was rejected. */
export function takeSubmission(context: Context, formId: string): SubmissionResult<string[]> | undefined {
  const current = state(context);
  const flashed = current.session.get("submission");
  if (!flashed) return undefined;
  current.dirty = true;
  return flashed.formId === formId ? (flashed.result as SubmissionResult<string[]>) : undefined;
}

/**
 * For the console's pages (/admin, issue 34): the signed-in operator, else a plain 404 — to a visitor, a user and a
 * suspended operator alike, so the console's existence is not told.
 */
export async function requireOperator(context: Context): Promise<User> {
  const user = await getCurrentUser(context);
  if (!actsAsOperator(user)) throw data(null, { status: 404 });
  return user;
}
