import defaultEntry from "@react-router/dev/config/default-rsc-entries/entry.rsc";

// The default React Router RSC entry, plus the services server.ts needs, so the
// Node server and the routes share one instance of the database, sessions and sockets.
export { nodeServices } from "./services/node-services.server";

export default defaultEntry;

if (import.meta.hot) {
  import.meta.hot.accept();
}
