// Clients that give up on a page mid-render (a closed tab, a timeout) must cost
// nothing but their own response: the server stays up for everyone else.
import { afterAll, beforeAll, expect, it } from "vitest";

import { startAppServer, type AppServer } from "../support/app-server.ts";

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app.stop();
});

it("keeps serving after hundreds of page requests abandoned at every stage of rendering", async () => {
  let abandoned = 0;
  for (let round = 0; round < 40; round++) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), (round * 10 + i) % 60);
        try {
          // A query string keeps the 404 off the visitor pages kept in memory: each request is rendered.
          const response = await fetch(`${app.url}/no-such-page?round=${round}`, { signal: controller.signal });
          await response.text();
        } catch (error) {
          if ((error as Error).name !== "AbortError") throw error;
          abandoned++;
        }
      }),
    );
    expect(app.process.exitCode, `server exited after round ${round}:\n${app.output().slice(-2000)}`).toBeNull();
  }
  expect(abandoned).toBeGreaterThan(100);
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${app.url}/`)).status).toBe(200);
});
