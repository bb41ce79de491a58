// Development only: gives `react-router dev` what server.ts gives production:
// /healthz, the embedded OpenID provider under /oidc, and the /ws live channel.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Plugin, ViteDevServer } from "vite";

import type { NodeServices } from "~/http/node-services.server";

export function nearhandDevServer(): Plugin {
  return {
    name: "nearhand-dev-server",
    apply: "serve",
    configureServer(server) {
      const services = loadServices(server);
      // The security headers of every response, as server.ts sets them.
      server.middlewares.use((_req, res, next) => {
        void services.then((s) => {
          for (const [name, value] of Object.entries(s.securityHeaders())) res.setHeader(name, value);
          next();
        }, next);
      });
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? "/").split("?")[0];
        if (pathname === "/healthz") {
          res.end("ok");
          return;
        }
        if (pathname === "/readyz") {
          void services
            .then((s) => s.readiness())
            .then((readiness) => {
              res.statusCode = readiness.ready ? 200 : 503;
              res.end(readiness.ready ? "ready" : readiness.reason);
            }, next);
          return;
        }
        if (pathname.startsWith("/_storage/")) {
          void services.then((s) => s.proxyStorage(req, res)).then((handled) => (handled ? undefined : next()), next);
          return;
        }
        if (pathname === "/oidc" || pathname.startsWith("/oidc/")) {
          void services.then((s) => s.devOidc()).then((provider) => (provider ? provider.handle(req, res) : next()), next);
          return;
        }
        next();
      });
      server.httpServer?.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if ((req.url ?? "").split("?")[0] !== "/ws") return; // Vite's HMR socket handles its own
        void services.then(async (s) => {
          const { WebSocketServer } = await import("ws");
          const verdict = await s.authenticateUpgrade(req);
          if (!verdict.ok) {
            socket.end(`HTTP/1.1 ${verdict.status} ${verdict.reason}\r\nConnection: close\r\n\r\n`);
            return;
          }
          const wss = new WebSocketServer({ noServer: true });
          wss.handleUpgrade(req, socket, head, (ws) => s.acceptSocket(verdict, ws));
        });
      });
    },
  };
}

async function loadServices(server: ViteDevServer): Promise<NodeServices> {
  const environment = server.environments.rsc as unknown as { runner: { import(id: string): Promise<unknown> } };
  const module = (await environment.runner.import("/app/http/node-services.server.ts")) as {
    nodeServices: NodeServices;
  };
  await module.nodeServices.start();
  return module.nodeServices;
}
