// "server-only" in the peers' builds: the app's modules they reuse mark themselves server-only.
export {};
