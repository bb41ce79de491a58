// Trust and safety end to end (issue 34), with JavaScript and without: a seeker reports a message; the operator hides
// it from the reports queue and suspends its sender from their console page; the sender is signed out at once and,
// signing in again, reads why and until when; the audit log lists both actions.
import { type Browser } from "@playwright/test";

import {
  becomeOnlineProvider,
  completeDevSignIn,
  expect,
  fetchAuthUser,
  newNoJsContext,
  signIn,
  test,
  uniqueEmail,
  waitForHydration,
} from "./support.ts";

const OPERATOR = "admin@nearhand.dev";

/** A page signed in as `email`, with or without JavaScript. */
async function pageOf(browser: Browser, baseURL: string | undefined, email: string, firstName: string, lastName: string, javaScript: boolean) {
  const context = javaScript ? await browser.newContext({ baseURL }) : await newNoJsContext(browser, baseURL);
  const page = await context.newPage();
  await signIn(page, { email, firstName, lastName });
  return page;
}

for (const javaScript of [true, false]) {
  test(`a reported message is hidden, its sender suspended and told why, the audit log lists both, ${javaScript ? "with" : "without"} JavaScript`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const senderEmail = uniqueEmail("harasser");
    const seeker = await pageOf(browser, baseURL, uniqueEmail("reporter"), "Rita", "Reporter", javaScript);
    const sender = await pageOf(browser, baseURL, senderEmail, "Hal", "Harasser", javaScript);
    await becomeOnlineProvider(sender.request);
    const posted = await seeker.request.post("/api/jobs", { data: { title: "Fix the fence", description: "Two panels", categoryId: "repair" } });
    const jobId = ((await posted.json()) as { id: string }).id;
    const accepted = await sender.request.post("/api/bookings", { data: { jobId } });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const bookingId = ((await accepted.json()) as { id: string }).id;
    const seekerId = (await fetchAuthUser(seeker.request)).id;
    const senderId = (await fetchAuthUser(sender.request)).id;
    const abuse = `You will regret this ${Date.now()}`;
    expect((await sender.request.post("/api/messages", { data: { bookingId, content: abuse, receiverId: seekerId } })).status()).toBe(201);

    // The seeker reports the message from the conversation.
    await seeker.goto(`/messages?booking=${bookingId}`);
    if (javaScript) await waitForHydration(seeker);
    await seeker.getByTestId("report-message").first().click();
    const form = javaScript ? seeker.getByRole("dialog") : seeker.getByTestId("report-form");
    await form.getByLabel("Offensive").check();
    await form.getByLabel(/Note/).fill("Threatening me");
    await form.getByRole("button", { name: "Send report" }).click();
    await expect(seeker.getByTestId(javaScript ? "toast" : "toast-nojs")).toContainText("Report sent");

    // The operator finds it in the queue and hides it.
    const operator = await pageOf(browser, baseURL, OPERATOR, "Ada", "Okafor", javaScript);
    await operator.goto("/admin/reports");
    const group = operator.getByTestId("report-group").filter({ hasText: abuse });
    await expect(group.getByTestId("reported-message")).toContainText(abuse);
    const hide = group.getByTestId("action-hide");
    await hide.locator("summary").click();
    await hide.getByLabel(/Reason/).fill("Threats");
    await hide.getByRole("button", { name: "Hide message" }).click();
    await expect(operator.getByTestId("report-group").filter({ hasText: abuse })).toHaveCount(0);
    await seeker.goto(`/messages?booking=${bookingId}`);
    await expect(seeker.getByText(abuse)).toHaveCount(0);

    // And suspends its sender from their console page.
    await operator.goto(`/admin/users/${senderId}`);
    const suspend = operator.getByRole("form", { name: "Suspend" });
    await suspend.getByLabel("Reason", { exact: true }).fill("Threatening messages");
    await suspend.getByLabel("For").selectOption({ label: "7 days" });
    await suspend.getByRole("button", { name: "Suspend" }).click();
    await expect(operator.getByRole("form", { name: "Reinstate" })).toBeVisible();

    // The sender is signed out at once; signing in again says why and until when.
    expect((await sender.request.get("/api/auth/user")).status()).toBe(401);
    await sender.goto("/api/login");
    // The development identity provider may remember the sender and skip its form.
    if (/\/oidc\/interaction\//.test(sender.url())) await completeDevSignIn(sender, { email: senderEmail, firstName: "Hal", lastName: "Harasser" });
    await expect(sender).toHaveURL(/\/sign-in\/refused\?reason=suspended/);
    await expect(sender.getByRole("heading", { level: 1 })).toHaveText("Your account is suspended");
    await expect(sender.getByTestId("suspension")).toContainText("Threatening messages");

    // The audit log lists both actions.
    await operator.goto(`/admin/audit?target=${senderId}`);
    const log = operator.locator("main");
    await expect(log).toContainText("user.suspend");
    await expect(log).toContainText("Threatening messages");
    await operator.goto("/admin/audit");
    await expect(operator.locator("main")).toContainText("message.hide");
    await expect(operator.locator("main")).toContainText("Threats");

    for (const page of [seeker, sender, operator]) await page.context().close();
  });
}
