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
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirectPath("/jobs/1?x=2")).toBe("/jobs/1?x=2");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("/\t/evil.example")).toBe("/");
    expect(safeRedirectPath("/\n/evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/home")).toBe("/home");
  });

  it("refuses targets too long for a Location header, counted after encoding", () => {
    expect(safeRedirectPath(`/${"a".repeat(2047)}`)).toBe(`/${"a".repeat(2047)}`);
    expect(safeRedirectPath(`/${"a".repeat(2048)}`)).toBe("/");
    expect(safeRedirectPath(`/${"💥".repeat(200)}`, "/favorites")).toBe("/favorites");
  });
});
