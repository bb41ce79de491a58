// How Chromium is launched, by the e2e suite (playwright.config.ts) and the browser bench (bench/browser.ts) alike:
// the system's build, headless in a container, no traffic of its own, and no QUIC.
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};
