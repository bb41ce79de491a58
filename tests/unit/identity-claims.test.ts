import { describe, expect, it } from "vitest";

import { allowedPicture, verifiedIdentity } from "~/infra/identity-claims.server";
import { SignInRefused } from "~/lib/sign-in-refusals";

const rules = { issuer: "https://id.example.com/", issuerVerifiesEmail: false, pictureHosts: ["photos.example.com"] };
const userinfo = { sub: "248289761001", email: "Jane@Example.com", email_verified: true, name: "Jane Q Doe" };

describe("the identity provider's claims", () => {
  it("name the person by issuer (without its trailing slash) and subject, with the names split from `name`", () => {
    expect(verifiedIdentity(userinfo, rules)).toEqual({
      issuer: "https://id.example.com",
      subject: "248289761001",
      claims: { email: "Jane@Example.com", firstName: "Jane", lastName: "Q Doe", profileImageUrl: null },
    });
  });

  it.each([false, "false", undefined, "yes"])("refuse an email whose email_verified is %j", (verified) => {
    expect(() => verifiedIdentity({ ...userinfo, email_verified: verified }, rules)).toThrow(SignInRefused);
  });

  it("take email_verified 'true' (as some providers send it), and any email when the issuer is configured as verifying", () => {
    expect(verifiedIdentity({ ...userinfo, email_verified: "true" }, rules).subject).toBe("248289761001");
    expect(verifiedIdentity({ ...userinfo, email_verified: undefined }, { ...rules, issuerVerifiesEmail: true }).subject).toBe("248289761001");
  });

  it("fail without a subject, or with one longer than OpenID Connect allows", () => {
    expect(() => verifiedIdentity({ ...userinfo, sub: undefined }, rules)).toThrow();
    expect(() => verifiedIdentity({ ...userinfo, sub: "x".repeat(256) }, rules)).toThrow();
  });
});

describe("a picture", () => {
  it.each([
    ["https://photos.example.com/a.png", "https://photos.example.com/a.png"],
    ["https://PHOTOS.example.com/a.png", "https://photos.example.com/a.png"],
    ["https://photos.example.com:8443/a.png", null],
    ["http://photos.example.com/a.png", null],
    ["https://photos.example.com.evil.example/a.png", null],
    ["https://evil.example/?https://photos.example.com/a.png", null],
    ["data:image/png;base64,AAAA", null],
    [`https://photos.example.com/${"a".repeat(2100)}`, null],
    [42, null],
  ])("%s is kept as %s", (picture, kept) => {
    expect(allowedPicture(picture, ["photos.example.com"])).toBe(kept);
  });
});
