// /messages: two people chat in real time (the other side's thread and list
// update without a reload), Enter / Shift+Enter, unread counts in the list and
// the header, the empty states, small screens, and sending without JavaScript.
import { type Browser, type Page } from "@playwright/test";

import {
  becomeOnlineProvider,
  expect,
  fetchAuthUser,
  newUserPage,
  signIn,
  test,
  uniqueEmail,
  waitForHydration,
  waitForLiveChannel,
  type AuthUser,
} from "./support.ts";

interface Party {
  page: Page;
  user: AuthUser;
  /** Uncaught exceptions in the page, checked by `closeParty`. */
  errors: string[];
}

/** A signed-in user in a browser context of their own; uncaught page errors fail the test. */
async function newParty(
  browser: Browser,
  baseURL: string | undefined,
  options: { prefix: string; firstName: string; lastName: string; javaScript?: boolean },
): Promise<Party> {
  const errors: string[] = [];
  const page = await newUserPage(browser, baseURL, { ...options, liveChannel: options.javaScript !== false, errors });
  return { page, user: await fetchAuthUser(page.request), errors };
}

async function closeParties(...parties: Party[]) {
  for (const party of parties) {
    await party.page.context().close();
    expect(party.errors, `uncaught exceptions in ${party.user.firstName}'s page`).toEqual([]);
  }
}

/** The seeker posts a job, the provider switches role, goes online and accepts it (JSON API); returns the booking id. */
async function createBooking(seeker: Party, provider: Party, title = `Fix a dripping tap ${Math.random().toString(36).slice(2, 7)}`) {
  const job = await seeker.page.request.post("/api/jobs", {
    data: { title, description: "The bathroom tap drips all night.", categoryId: "repair", address: "Brooklyn, NY", budget: 90 },
  });
  expect(job.status(), await job.text()).toBe(201);
  const jobId = ((await job.json()) as { id: string }).id;
  await becomeOnlineProvider(provider.page.request);
  const booking = await provider.page.request.post("/api/bookings", { data: { jobId } });
  expect(booking.status(), await booking.text()).toBe(201);
  return { bookingId: ((await booking.json()) as { id: string }).id, title };
}

/** POST /api/messages as `from` to the other party. */
async function sendThroughApi(from: Party, to: Party, bookingId: string, content: string) {
  const response = await from.page.request.post("/api/messages", { data: { bookingId, content, receiverId: to.user.id } });
  expect(response.status(), await response.text()).toBe(201);
}

function thread(page: Page) {
  return page.getByTestId("thread");
}

function messages(page: Page) {
  return page.getByTestId("thread-messages").getByTestId("message");
}

function messageBox(page: Page) {
  return page.getByRole("textbox", { name: "Message" });
}

function conversation(page: Page, name: string) {
  return page.getByTestId("conversation").filter({ has: page.getByTestId("conversation-name").getByText(name, { exact: true }) });
}

/** Marks the window; `expectNoReload` fails if the document was loaded again since. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

test.describe("messages", () => {
  // Two or three people sign in per test: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test("seeker and provider chat in real time; Enter sends, Shift+Enter makes a new line", async ({ browser, baseURL }) => {
    const seeker = await newParty(browser, baseURL, { prefix: "chat-seeker", firstName: "Sofia", lastName: "Seeker" });
    const provider = await newParty(browser, baseURL, { prefix: "chat-provider", firstName: "Paolo", lastName: "Provider" });
    const { bookingId, title } = await createBooking(seeker, provider);

    // The provider keeps the thread open.
    await provider.page.goto(`/messages?booking=${bookingId}`);
    await waitForHydration(provider.page);
    await expect(thread(provider.page).getByText("No messages yet. Start the conversation!")).toBeVisible();
    await expect(thread(provider.page).getByTestId("thread-name")).toHaveText("Sofia Seeker");
    await expect(thread(provider.page).getByTestId("thread-job-title")).toHaveText(title);
    await expect(thread(provider.page).getByRole("link", { name: "View booking" })).toHaveAttribute("href", `/bookings/${bookingId}`);
    await waitForLiveChannel(provider.page);
    await markDocument(provider.page);

    // The seeker picks the conversation from the list.
    await seeker.page.goto("/messages");
    await waitForHydration(seeker.page);
    await expect(seeker.page.getByText("Select a conversation to start messaging")).toBeVisible();
    const item = conversation(seeker.page, "Paolo Provider");
    await expect(item).toContainText(title);
    await item.click();
    await expect(seeker.page).toHaveURL(`/messages?booking=${bookingId}`);
    await expect(item).toHaveAttribute("aria-current", "page");
    await expect(thread(seeker.page).getByText("No messages yet. Start the conversation!")).toBeVisible();
    await waitForLiveChannel(seeker.page);

    // Blank or whitespace cannot be sent.
    const seekerBox = messageBox(seeker.page);
    const send = thread(seeker.page).getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await seekerBox.fill("   ");
    await expect(send).toBeDisabled();
    await seekerBox.press("Enter");
    await expect(messages(seeker.page)).toHaveCount(0);

    // Enter sends; the box clears.
    await seekerBox.fill("Hi Paolo, are you on your way?");
    await expect(send).toBeEnabled();
    await seekerBox.press("Enter");
    await expect(seekerBox).toHaveValue("");
    await expect(messages(seeker.page)).toHaveCount(1);
    await expect(messages(seeker.page).last()).toHaveAttribute("data-mine", "true");
    await expect(messages(seeker.page).last()).toContainText("Hi Paolo, are you on your way?");

    // The provider's open thread shows it without reloading.
    await expect(messages(provider.page)).toHaveCount(1, { timeout: 5_000 });
    await expect(messages(provider.page).last()).toHaveAttribute("data-mine", "false");
    await expect(messages(provider.page).last()).toContainText("Hi Paolo, are you on your way?");
    await expectNoReload(provider.page);

    // Shift+Enter makes a new line instead of sending.
    const providerBox = messageBox(provider.page);
    await providerBox.click();
    await providerBox.pressSequentially("Yes, ten minutes.");
    await providerBox.press("Shift+Enter");
    await providerBox.pressSequentially("Bringing a new washer.");
    await expect(providerBox).toHaveValue("Yes, ten minutes.\nBringing a new washer.");
    await expect(messages(provider.page)).toHaveCount(1);
    await providerBox.press("Enter");
    await expect(providerBox).toHaveValue("");
    await expect(messages(provider.page)).toHaveCount(2);

    // ...and it reaches the seeker live, on two lines.
    await markDocument(seeker.page);
    await expect(messages(seeker.page)).toHaveCount(2, { timeout: 5_000 });
    const reply = messages(seeker.page).last().getByTestId("message-content");
    expect(await reply.innerText()).toBe("Yes, ten minutes.\nBringing a new washer.");
    await expectNoReload(seeker.page);
    // The thread is scrolled to the newest message.
    await expect(messages(seeker.page).last()).toBeInViewport();

    await closeParties(seeker, provider);
  });

  test("the list shows the last message and unread counts until the thread is opened", async ({ browser, baseURL }) => {
    const seeker = await newParty(browser, baseURL, { prefix: "unread-seeker", firstName: "Uma", lastName: "Seeker" });
    const provider = await newParty(browser, baseURL, { prefix: "unread-provider", firstName: "Omar", lastName: "Provider" });
    const { bookingId, title } = await createBooking(seeker, provider);
    await sendThroughApi(seeker, provider, bookingId, "First question about the tap");
    await sendThroughApi(seeker, provider, bookingId, "Second: do you have the parts?");

    const page = provider.page;
    await page.goto("/messages");
    await waitForHydration(page);
    const item = conversation(page, "Uma Seeker");
    await expect(item).toContainText(title);
    await expect(item.getByTestId("conversation-last-message")).toHaveText("Second: do you have the parts?");
    await expect(item.getByTestId("conversation-unread")).toHaveText(/^2/);
    await expect(page.getByTestId("messages-link-badge")).toHaveText("2");

    // A new message arrives while the list is open: it updates without a reload.
    await waitForLiveChannel(page);
    await markDocument(page);
    await sendThroughApi(seeker, provider, bookingId, "Third one, sorry!");
    await expect(item.getByTestId("conversation-last-message")).toHaveText("Third one, sorry!", { timeout: 5_000 });
    await expect(item.getByTestId("conversation-unread")).toHaveText(/^3/);
    await expect(page.getByTestId("messages-link-badge")).toHaveText("3");
    await expectNoReload(page);

    // Opening the thread reads them: the list badge and the header badge go.
    await item.click();
    await expect(page).toHaveURL(`/messages?booking=${bookingId}`);
    await expect(messages(page)).toHaveCount(3);
    await expect(item.getByTestId("conversation-unread")).toHaveCount(0);
    await expect(page.getByTestId("messages-link-badge")).toHaveCount(0);

    // The seeker's side never counted their own messages as unread.
    await seeker.page.goto("/messages");
    await expect(conversation(seeker.page, "Omar Provider").getByTestId("conversation-unread")).toHaveCount(0);
    await expect(seeker.page.getByTestId("messages-link-badge")).toHaveCount(0);

    // The same count on a fresh load (no JavaScript needed for the badge to drop).
    await page.reload();
    await expect(page.getByTestId("messages-link-badge")).toHaveCount(0);

    await closeParties(seeker, provider);
  });

  test("messaging works with JavaScript disabled", async ({ browser, baseURL }) => {
    const seeker = await newParty(browser, baseURL, { prefix: "nojs-seeker", firstName: "Nina", lastName: "Seeker", javaScript: false });
    const provider = await newParty(browser, baseURL, { prefix: "nojs-provider", firstName: "Nils", lastName: "Provider", javaScript: false });
    const { bookingId } = await createBooking(seeker, provider);
    for (let i = 1; i <= 15; i++) await sendThroughApi(provider, seeker, bookingId, `Earlier message number ${i}`);

    const page = seeker.page;
    await page.goto("/messages");
    await conversation(page, "Nils Provider").click();
    await expect(page).toHaveURL(`/messages?booking=${bookingId}`);
    await expect(messages(page)).toHaveCount(15);
    await expect(page.getByTestId("messages-link-badge")).toHaveCount(0);

    // A blank message comes back with the error, nothing is sent.
    await messageBox(page).fill("   ");
    await thread(page).getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(`/messages?booking=${bookingId}#latest`);
    await expect(thread(page).getByText("Message cannot be empty")).toBeVisible();
    await expect(messageBox(page)).toHaveAttribute("aria-invalid", "true");
    await expect(messageBox(page)).toHaveAccessibleDescription("Message cannot be empty");
    await expect(messages(page)).toHaveCount(15);

    // Too long (maxlength stops typing, not a value set by a script or an old browser): the server refuses it.
    await messageBox(page).evaluate((box: HTMLTextAreaElement) => (box.value = "x".repeat(2001)));
    await thread(page).getByRole("button", { name: "Send" }).click();
    await expect(thread(page).getByText("Message must be at most 2000 characters")).toBeVisible();
    await expect(messageBox(page)).toHaveAccessibleDescription("Message must be at most 2000 characters");
    await expect(messages(page)).toHaveCount(15);

    // A real one: posted, then back at the thread's newest message.
    await messageBox(page).fill("Sent without JavaScript\non two lines");
    await thread(page).getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?booking=${bookingId}#latest$`));
    await expect(messages(page)).toHaveCount(16);
    const latest = page.locator("#latest");
    await expect(latest).toHaveAttribute("data-mine", "true");
    expect(await latest.getByTestId("message-content").innerText()).toBe("Sent without JavaScript\non two lines");
    await expect(latest).toBeInViewport();
    // Only the thread scrolled to it, not the page: the send box is still on screen.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(messageBox(page)).toBeInViewport();
    await expect(messageBox(page)).toHaveValue("");

    // The provider sees it on the next load, with the unread count in the list and the header.
    await provider.page.goto("/messages");
    await expect(conversation(provider.page, "Nina Seeker").getByTestId("conversation-unread")).toHaveText(/^1/);
    await expect(provider.page.getByTestId("messages-link-badge")).toHaveText("1");
    await conversation(provider.page, "Nina Seeker").click();
    await expect(messages(provider.page).last()).toContainText("Sent without JavaScript");
    await expect(provider.page.getByTestId("messages-link-badge")).toHaveCount(0);

    await closeParties(seeker, provider);
  });

  test("empty states, a foreign booking, and a refused send", async ({ page, browser, baseURL }) => {
    await signIn(page, { email: uniqueEmail("msg-empty"), returnTo: "/messages" });
    await expect(page.getByText("No conversations yet")).toBeVisible();
    await expect(page.getByText("Select a conversation to start messaging")).toBeVisible();

    // Someone else's booking: not found, with a 404, and the composer is not there.
    const seeker = await newParty(browser, baseURL, { prefix: "foreign-seeker", firstName: "Fay", lastName: "Seeker" });
    const provider = await newParty(browser, baseURL, { prefix: "foreign-provider", firstName: "Finn", lastName: "Provider" });
    const { bookingId } = await createBooking(seeker, provider);
    const response = await page.goto(`/messages?booking=${bookingId}`);
    expect(response?.status()).toBe(404);
    await expect(thread(page).getByText("Booking not found")).toBeVisible();
    await expect(messageBox(page)).toHaveCount(0);
    expect((await page.goto("/messages?booking=not-a-uuid"))?.status()).toBe(404);

    // Posting into it anyway: refused with the toast, nothing sent.
    await waitForHydration(page);
    const posted = await page.request.post(`/messages?booking=${bookingId}`, {
      form: { bookingId, content: "Let me in" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    await page.goto(`/messages?booking=${bookingId}`);
    await expect(page.getByTestId("toast")).toContainText("Failed to send message. Please try again.");
    const seekersView = await seeker.page.request.get(`/api/messages/${bookingId}`);
    expect(await seekersView.json()).toEqual([]);

    await closeParties(seeker, provider);
  });

  test("a refused send with JavaScript shows the toast and gives the text back", async ({ browser, baseURL }) => {
    const seeker = await newParty(browser, baseURL, { prefix: "refused-seeker", firstName: "Rae", lastName: "Seeker" });
    const provider = await newParty(browser, baseURL, { prefix: "refused-provider", firstName: "Rob", lastName: "Provider" });
    const { bookingId } = await createBooking(seeker, provider);
    const page = seeker.page;
    await page.goto(`/messages?booking=${bookingId}`);
    await waitForHydration(page);

    await messageBox(page).fill("This one will not go through");
    // On its way, the post names a booking that is not the seeker's: the server refuses it. (Rewriting the form's
    // hidden field instead raced React, which puts the field's value back whenever the composer renders again.)
    await page.route("**/messages**", async (route) => {
      const request = route.request();
      const body = request.method() === "POST" ? request.postData() : null;
      if (body === null || !body.includes(bookingId)) return route.fallback();
      await route.continue({ postData: body.replaceAll(bookingId, "00000000-0000-4000-8000-000000000000") });
    });
    await messageBox(page).press("Enter");
    await expect(page.getByTestId("toast")).toContainText("Failed to send message. Please try again.");
    await expect(page).toHaveURL(`/messages?booking=${bookingId}#latest`);
    await expect(messageBox(page)).toHaveValue("This one will not go through");
    await expect(messages(page)).toHaveCount(0);
    await closeParties(seeker, provider);
  });

  test("on a phone the list and the thread are separate views", async ({ browser, baseURL }) => {
    const seeker = await newParty(browser, baseURL, { prefix: "phone-seeker", firstName: "Pia", lastName: "Seeker" });
    const provider = await newParty(browser, baseURL, { prefix: "phone-provider", firstName: "Paul", lastName: "Provider" });
    const { bookingId } = await createBooking(seeker, provider);
    await sendThroughApi(provider, seeker, bookingId, "Hello from the phone test");

    const page = seeker.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/messages");
    await waitForHydration(page);
    await expect(conversation(page, "Paul Provider")).toBeVisible();
    await expect(page.getByText("Select a conversation to start messaging")).toBeHidden();

    await conversation(page, "Paul Provider").click();
    await expect(page).toHaveURL(`/messages?booking=${bookingId}`);
    await expect(page.getByTestId("conversations")).toBeHidden();
    await expect(messages(page).last()).toContainText("Hello from the phone test");
    await expect(messageBox(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: "Back to conversations" }).click();
    await expect(page).toHaveURL("/messages");
    await expect(conversation(page, "Paul Provider")).toBeVisible();
    await expect(page.getByTestId("thread")).toBeHidden();

    // At md and wider both are side by side.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/messages?booking=${bookingId}`);
    await expect(page.getByTestId("conversations")).toBeVisible();
    await expect(messageBox(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to conversations" })).toBeHidden();

    await closeParties(seeker, provider);
  });
});
