import fc from "fast-check";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";

import { readSignedCookie } from "~/http/signed-cookie.server";

const SECRET = "a-session-secret-of-some-length";
const cookie = createCookie("nearhand_session", { secrets: [SECRET], path: "/" });

/** The Cookie header a browser sends back for what React Router set. */
async function headerFor(value: unknown, others = ""): Promise<string> {
  const setCookie = await cookie.serialize(value);
  return `${others}${setCookie.split(";")[0]}`;
}

describe("reading React Router's signed session cookie with node:crypto", () => {
  it("reads every value React Router signs, exactly as React Router's own parse does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.base64String(), fc.jsonValue()), async (value) => {
        const header = await headerFor(value, "theme=dark; ");
        expect(readSignedCookie(header, "nearhand_session", [SECRET])).toEqual(await cookie.parse(header));
      }),
      { numRuns: 200 },
    );
  });

  it("refuses a value that was changed, signed with another secret, or not signed", async () => {
    const header = await headerFor("the-session-id");
    const [name, signed] = header.split("=");
    const [value, signature] = decodeURIComponent(signed).split(/\.(?=[^.]*$)/);
    const other = await createCookie("nearhand_session", { secrets: ["another-secret-entirely"] }).serialize("the-session-id");
    const forged = `${name}=${encodeURIComponent(`${Buffer.from(JSON.stringify("someone-else")).toString("base64")}.${signature}`)}`;
    for (const refused of [forged, other.split(";")[0], `${name}=${encodeURIComponent(value)}`, `${name}=${encodeURIComponent(`${value}.`)}`]) {
      expect(readSignedCookie(refused, "nearhand_session", [SECRET]), refused).toBeNull();
      expect(await cookie.parse(refused), refused).toBeNull();
    }
  });

  it("reads a cookie it has verified before only under the secrets that verified it", async () => {
    const header = await headerFor("a-remembered-session");
    expect(readSignedCookie(header, "nearhand_session", [SECRET])).toBe("a-remembered-session");
    expect(readSignedCookie(header, "nearhand_session", [SECRET])).toBe("a-remembered-session");
    expect(readSignedCookie(header, "nearhand_session", ["a-rotated-secret"])).toBeNull();
    expect(readSignedCookie(header, "nearhand_session", ["a-rotated-secret", SECRET])).toBe("a-remembered-session");
    const tampered = header.replace(/.(?=$)/, (last) => (last === "A" ? "B" : "A"));
    expect(readSignedCookie(tampered, "nearhand_session", [SECRET])).toBeNull();
    expect(readSignedCookie(tampered, "nearhand_session", [SECRET])).toBeNull();
  });

  it("answers null for no header, another cookie's name, or a malformed percent-encoding", () => {
    expect(readSignedCookie(null, "nearhand_session", [SECRET])).toBeNull();
    expect(readSignedCookie("nearhand_session_x=1; other=2", "nearhand_session", [SECRET])).toBeNull();
    expect(readSignedCookie("nearhand_session=%E0%A4%A", "nearhand_session", [SECRET])).toBeNull();
  });
});
