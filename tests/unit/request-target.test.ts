import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { isCanonicalPath, unservableRequest } from "~/http/request-target.server";

const head = (method: string, url: string, host?: string) => ({ method, url, headers: host === undefined ? {} : { host } });

describe("requests that cannot be served", () => {
  it("serves the methods, paths and hosts a client sends", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(unservableRequest(head(method, "/", "localhost:3000"))).toBeNull();
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:3000", "Nearhand.Example", "nearhand.example:80"]) {
      expect(unservableRequest(head("GET", "/jobs?x=1", host)), host).toBeNull();
    }
    expect(unservableRequest(head("GET", "/"))).toBeNull();
  });

  it("refuses other methods with 405 and the Allow list", () => {
    for (const method of ["TRACE", "TRACK", "CONNECT", "PROPFIND", "get", ""]) {
      expect(unservableRequest(head(method, "/", "localhost")), method).toMatchObject({
        status: 405,
        headers: { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
      });
    }
  });

  it("refuses a target that is not a path, and a Host that names no host", () => {
    for (const url of ["*", "http://evil.example/x?code=secret", "evil.example:443", ""]) {
      expect(unservableRequest(head("GET", url, "localhost")), url).toEqual({ status: 400, text: "The request target must be a path" });
    }
    for (const host of ["", "bad host", "a:b:c", "evil.example/path", "user@evil.example", "x?y", "localhost:99999", "[::1"]) {
      expect(unservableRequest(head("GET", "/", host)), host).toEqual({ status: 400, text: "Invalid Host header" });
    }
  });

  it("refuses a path in no canonical spelling with 404: /api in another case, a percent-encoded letter, digit or -._~", () => {
    for (const url of [
      "/API/auth/user",
      "/Api/jobs",
      "/aPI",
      "/API/auth/user.rsc",
      "/x/../API/auth/user",
      "/%61pi/auth/user",
      "/api/%61uth/user",
      "/f%61vorites",
      "/%2e%2e/api",
      "/jobs%2D1",
      "/x%7e",
      "/a%5fb",
      "/a%30",
    ]) {
      expect(unservableRequest(head("GET", url, "localhost")), url).toEqual({ status: 404, text: "Not Found" });
    }
    for (const url of [
      "/api/auth/user",
      "/api/auth/user?x=%41PI",
      "/api",
      "/apiary",
      "/Favorites",
      "/api/jobs/%ZZ",
      "/images/a%2Fb",
      "/a%20b",
      "/%C3%A9",
      "/x?returnTo=%2FAPI",
    ]) {
      expect(unservableRequest(head("GET", url, "localhost")), url).toBeNull();
    }
  });

  it("reads a plain path as a URL parser would: the shortcut for common paths changes no verdict", () => {
    // The whole rule, every path through the URL parser (what isCanonicalPath skips for plain paths).
    const parsed = (target: string) => {
      const written = target.split(/[?#]/)[0];
      if (/%(?:3[0-9]|[46][1-9a-f]|[57][0-9a]|2d|2e|5f|7e)/i.test(written)) return false;
      const prefix = new URL(`http://h${written}`).pathname.slice(0, 4);
      return prefix === "/api" || prefix.toLowerCase() !== "/api";
    };
    const pieces = fc.constantFrom("/", ".", "..", "a", "A", "p", "P", "i", "I", "api", "API", "_", "~", "-", "1", "%2e", "%41", "\\", "?", "#");
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const target = `/${parts.join("")}`;
        expect(isCanonicalPath(target), target).toBe(parsed(target));
      }),
      { numRuns: 2000 },
    );
  });

  it("answers a Host the same the second time: a refused one stays refused", () => {
    for (let i = 0; i < 2; i++) {
      expect(unservableRequest(head("GET", "/", "localhost:3000"))).toBeNull();
      expect(unservableRequest(head("GET", "/", "user@evil.example"))).toEqual({ status: 400, text: "Invalid Host header" });
    }
  });
});
