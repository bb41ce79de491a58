// vitest runs server modules directly; the RSC plugin's "server-only" marker is a no-op here.
export {};
