import { describe, expect, it } from "vitest";

import { unservableRequest } from "~/http/request-target.server";

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
});
