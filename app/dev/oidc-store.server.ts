import "server-only";

// What the development provider keeps, all in memory and lost on restart: accounts, its records, its key.
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import type { Account, AccountClaims, Adapter, AdapterFactory, AdapterPayload, JWK, KoaContextWithOIDC } from "oidc-provider";

export interface StoredAccount {
  email: string;
  givenName: string;
  familyName?: string;
  picture?: string;
}

/** Changes the claims the provider gives an account (a test standing in for another provider's answers). */
export type ClaimsAdjustment = (claims: AccountClaims) => AccountClaims;

/**
 * Accounts by id (the email address), and the provider's findAccount reading them. Every email is asserted
 * verified: whoever types it here is taken at their word, and the app signs in only verified emails (decision 0059).
 */
export function createAccountStore(adjust: ClaimsAdjustment = (claims) => claims) {
  const accounts = new Map<string, StoredAccount>();
  const findAccount = (_ctx: KoaContextWithOIDC, sub: string): Account => ({
    accountId: sub,
    claims(): AccountClaims {
      const stored = accounts.get(sub);
      if (!stored) return adjust({ sub, email: sub, email_verified: true });
      const name = [stored.givenName, stored.familyName].filter(Boolean).join(" ");
      return adjust({
        sub,
        email: stored.email,
        email_verified: true,
        given_name: stored.givenName,
        family_name: stored.familyName,
        name,
        picture: stored.picture,
      });
    },
  });

  return { accounts, findAccount };
}

export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  return { ...jwk, use: "sig", alg: "RS256" } as JWK;
}

/**
 * A per-provider in-memory adapter (the library's built-in one is shared
 * between instances and prints a warning on every start).
 */
export function createMemoryAdapter(): AdapterFactory {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();

  const live = (key: string): AdapterPayload | undefined => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const findBy = (model: string, field: "uid" | "userCode", value: string) => {
    for (const key of store.keys()) {
      if (!key.startsWith(`${model}:`)) continue;
      const payload = live(key);
      if (payload?.[field] === value) return payload;
    }
    return undefined;
  };

  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
      store.set(`${model}:${id}`, { payload: { ...payload }, expiresAt });
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      return findBy(model, "uid", uid);
    },
    async findByUserCode(userCode) {
      return findBy(model, "userCode", userCode);
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, entry] of store) {
        if (entry.payload.grantId === grantId) store.delete(key);
      }
    },
  });
}
