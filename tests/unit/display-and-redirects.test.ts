import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { safeRedirectPath } from "~/lib/redirects";
import { roleSwitchSuccess, roleSwitchTitle } from "~/lib/role-switch-text";
import { badgeCount, fullName, initials } from "~/lib/user-display";

describe("avatar initials", () => {
  it("uses the first letters of first and last name, else 'U'", () => {
    expect(initials({ firstName: "ada", lastName: "Lovelace" })).toBe("AL");
    expect(initials({ firstName: "Ada", lastName: null })).toBe("A");
    expect(initials({ firstName: null, lastName: null })).toBe("U");
    expect(initials({ firstName: "  ", lastName: "" })).toBe("U");
  });

  it("shows the full name, else the email", () => {
    expect(fullName({ firstName: "Ada", lastName: "Lovelace", email: "a@x.co" })).toBe("Ada Lovelace");
    expect(fullName({ firstName: null, lastName: null, email: "a@x.co" })).toBe("a@x.co");
  });
});

describe("unread badge", () => {
  it("is hidden at zero, the count up to 9 and '9+' above", () => {
    expect(badgeCount(0)).toBeNull();
    expect(badgeCount(1)).toBe("1");
    expect(badgeCount(9)).toBe("9");
    expect(badgeCount(10)).toBe("9+");
  });
});

describe("role switch texts", () => {
  it("titles the dialog by the current role and words the toast by the previous one", () => {
    expect(roleSwitchTitle("seeker")).toBe("Offering Services As");
    expect(roleSwitchTitle("provider")).toBe("Seeking Help As");
    expect(roleSwitchSuccess("seeker")).toEqual({ title: "Role switched successfully", description: "You are now offering services." });
    expect(roleSwitchSuccess("provider").description).toBe("You are now seeking help.");
  });
});

describe("redirect targets", () => {
  /** Each of `kept` is its own target; each of `refused` sends to "/". */
  function expectTargets({ kept, refused }: { kept: string[]; refused: string[] }) {
    for (const target of kept) expect(safeRedirectPath(target), JSON.stringify(target)).toBe(target);
    for (const target of refused) expect(safeRedirectPath(target), JSON.stringify(target)).toBe("/");
  }

  it("keeps same-site paths and refuses everything else", () => {
    expectTargets({
      kept: ["/jobs/1?x=2"],
      refused: ["//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "https://evil.example"],
    });
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/home")).toBe("/home");
  });

  it("refuses targets that normalise to something else (dot segments, encoded dots, backslashes)", () => {
    expectTargets({
      kept: ["/messages?bookingId=1#thread", "/favorites?tab=jobs"],
      refused: ["/.//evil.example/phish", "/..//x", "/%2e//x", "/%2E%2E//x", "/a/../..//evil.example", "/a\\evil.example", "/jobs/./1"],
    });
  });

  it("whatever a hostile value holds, the target resolves on our origin and stays what it was", () => {
    const base = "https://nearhand.example/jobs/1";
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "%5c",
      "%252e",
      "\t",
      "\n",
      "\r",
      " ",
      "\u0000",
      "@",
      ":",
      "evil.example",
      "http:",
      "https:",
      "javascript:",
      "data:",
      "?",
      "#",
      "&",
      "\u3002",
      "\uff0f",
      "\u2215",
      "\u00a0",
      "%09",
      "%0a",
      "%00",
      "a",
      "jobs",
      "1",
      "💥",
      "\u202e",
    );
    const target = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(""));
    fc.assert(
      fc.property(
        fc.oneof(
          target,
          target.map((t) => `/${t}`),
          fc.string(),
        ),
        (value) => {
          const safe = safeRedirectPath(value);
          // What a browser does with the Location header.
          const landed = new URL(safe, base);
          expect(landed.origin).toBe(new URL(base).origin);
          expect(safe.startsWith("/") && !safe.startsWith("//") && !safe.startsWith("/\\")).toBe(true);
          expect(safe === "/" || safe === value).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("refuses targets too long for a Location header, counted after encoding", () => {
    expect(safeRedirectPath(`/${"a".repeat(2047)}`)).toBe(`/${"a".repeat(2047)}`);
    expect(safeRedirectPath(`/${"a".repeat(2048)}`)).toBe("/");
    expect(safeRedirectPath(`/${"💥".repeat(200)}`, "/favorites")).toBe("/favorites");
  });
});
