// The peers' database client: postgres.js on DATABASE_URL with the app's pool size (DATABASE_POOL_SIZE, default 10).
// It connects on the first query (a build that loads the module never does).
import postgres from "postgres";

export const sql = postgres(process.env.DATABASE_URL ?? "postgres://127.0.0.1:9/unset", {
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  onnotice: () => {},
});
