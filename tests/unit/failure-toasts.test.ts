import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { isAnswerFromUs, pageOf } from "~/lib/failed-requests";
import { FAILURE_TOASTS, failureToastFor } from "~/lib/failure-toasts";
import routes from "~/routes";

/** Every page path with an action (the JSON API, dev pages and mail clients' one-click unsubscribe aside). */
function pageActionPaths(): string[] {
  return routes
    .filter((route) => route.path && !/^(api|dev)\//.test(route.path) && route.path !== "unsubscribe/one-click")
    .filter((route) =>
      /export (async function|const|function) action\b/.test(readFileSync(new URL(`../../app/${route.file}`, import.meta.url), "utf8")),
    )
    .map((route) => `/${route.path!.replace(/:\w+/, "00000000-0000-4000-8000-000000000000")}`);
}

describe("the failure toast of a page action that got no answer (spec §8)", () => {
  it("names every page action's own failure, never the catch-all", () => {
    const paths = pageActionPaths();
    expect(paths.length).toBeGreaterThanOrEqual(11);
    for (const path of paths) expect(failureToastFor(path, null), path).not.toBe(FAILURE_TOASTS.other);
  });

  it("tells the actions of one page apart by their intent", () => {
    expect(failureToastFor("/jobs/1", "accept").description).toBe("Failed to accept job. Please try again.");
    expect(failureToastFor("/jobs/1", "cancel").description).toBe("Failed to cancel job. Please try again.");
    expect(failureToastFor("/bookings/1", "status").description).toBe("Failed to update status. Please try again.");
    expect(failureToastFor("/bookings/1", "review").description).toBe("Failed to submit review. Please try again.");
    expect(failureToastFor("/bookings/1", "repost").description).toBe("Failed to post job. Please try again.");
    expect(failureToastFor("/providers/1/request", null).description).toBe("Failed to send request. Please try again.");
    expect(failureToastFor("/report", null).description).toBe("Failed to send report. Please try again.");
    expect(failureToastFor("/admin/reports", "hide").description).toBe("The action was not taken. Please try again.");
    expect(failureToastFor("/favorites/toggle", "add").description).toBe("Failed to update favorite");
    expect(failureToastFor("/notifications", "read").description).toBe("Failed to mark notification as read.");
  });
});

describe("React Router's requests", () => {
  it("are about the page they name", () => {
    expect(pageOf(new URL("http://x/jobs/1.rsc?_routes=root,routes/job-detail")).href).toBe("http://x/jobs/1");
    expect(pageOf(new URL("http://x/_.rsc")).href).toBe("http://x/");
    expect(pageOf(new URL("http://x/messages.rsc?booking=5")).href).toBe("http://x/messages?booking=5");
    expect(pageOf(new URL("http://x/favorites.manifest?version=1")).href).toBe("http://x/favorites?version=1");
  });

  it("count as answered by us only with React Router's marks, never a gateway's page", () => {
    expect(isAnswerFromUs(new Response("", { headers: { "X-Remix-Response": "yes" }, status: 404 }))).toBe(true);
    expect(isAnswerFromUs(new Response("", { headers: { "Content-Type": "text/x-component" } }))).toBe(true);
    expect(isAnswerFromUs(new Response(null, { status: 204 }))).toBe(true);
    expect(isAnswerFromUs(new Response("<h1>502 Bad Gateway</h1>", { status: 502, headers: { "Content-Type": "text/html" } }))).toBe(false);
    expect(isAnswerFromUs(new Response("upstream timed out", { status: 504 }))).toBe(false);
    expect(isAnswerFromUs(new Response("<html>captive portal</html>", { status: 200, headers: { "Content-Type": "text/html" } }))).toBe(false);
  });
});
