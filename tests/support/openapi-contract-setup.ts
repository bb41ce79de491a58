// Vitest setup (vitest.config.ts): every /api answer the shared HTTP client receives is checked against the OpenAPI
// document (openapi-contract.ts), and what does not match fails the test that received it.
import { afterAll, afterEach, beforeEach } from "vitest";

import { checkApiAnswers, takeContractViolations } from "./openapi-contract.ts";

checkApiAnswers(true);

function failOnViolations(when: string): void {
  const violations = takeContractViolations();
  if (violations.length === 0) return;
  throw new Error(
    `${violations.length} /api answer(s) ${when} do not match the OpenAPI document (GET /api/openapi.json):\n- ${violations.join("\n- ")}`,
  );
}

beforeEach(() => failOnViolations("received before this test (in a beforeAll hook)"));
afterEach(() => failOnViolations("received by this test"));
afterAll(() => failOnViolations("received after the tests (in an afterAll hook)"));
