// Adds up the JSON reports of vitest and Playwright into one closing line: "N passed, N failed".
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "test-results";
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  if (typeof report.numPassedTests === "number") {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    flaky += report.stats.flaky ?? 0;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
if (flaky > 0) console.log(`${flaky} end-to-end test(s) passed only on their retry (flaky): see the Playwright output above`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (failed > 0 || passed === 0) process.exit(1);
