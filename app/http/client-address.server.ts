import "server-only";

import { isIPv6 } from "node:net";
import { createContext, type RouterContextProvider } from "react-router";

import { getConfig } from "~/infra/config.server";

/** The address of the TCP peer, set by the server entry (null under a server that does not tell). */
export const socketAddressContext = createContext<string | null>(null);

/**
 * The client's address. Behind `trustedProxies` reverse proxies that each
 * append to X-Forwarded-For, it is the entry the outermost proxy appended:
 * anything further left was written by the client and proves nothing.
 */
export function resolveClientAddress(socketAddress: string | null, forwardedFor: string | null, trustedProxies: number): string {
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = hops[Math.max(0, hops.length - trustedProxies)];
    if (entry) return entry;
  }
  return socketAddress ?? "unknown";
}

export function clientAddress(context: Readonly<RouterContextProvider>, request: Request): string {
  return resolveClientAddress(context.get(socketAddressContext), request.headers.get("X-Forwarded-For"), getConfig().trustedProxies);
}

/**
 * The rate-limit identity of an address: IPv4 as it is (also when mapped into
 * IPv6), IPv6 by its /64, which one household or server usually holds whole.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
