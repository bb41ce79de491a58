import { describe, expect, it } from "vitest";
import { z } from "zod";

import { parseForm } from "~/lib/forms";

const schema = z.object({
  budget: z.number().min(0).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  isUrgent: z.boolean().default(false),
});
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("parseForm", () => {
  it("takes numbers in plain decimal notation, checkboxes as 'on', and empty fields as absent", () => {
    expect(parseForm(form({ budget: "99.5", latitude: "-40.7", isUrgent: "on" }), schema)).toMatchObject({
      status: "success",
      value: { budget: 99.5, latitude: -40.7, isUrgent: true },
    });
    expect(parseForm(form({ budget: " 12 ", latitude: ".5" }), schema)).toMatchObject({ status: "success", value: { budget: 12, latitude: 0.5 } });
    expect(parseForm(form({ budget: "" }), schema)).toMatchObject({ status: "success", value: { isUrgent: false } });
  });

  it("refuses what Number() would take but a person would not type: hex, exponents, Infinity", () => {
    for (const text of ["0x1F", "1e3", "Infinity", "+5", "12abc", "1,000"]) {
      const submission = parseForm(form({ latitude: text }), schema);
      expect(submission.status, text).toBe("error");
      expect(submission.status === "error" ? submission.error?.latitude : undefined, text).toBeTruthy();
    }
  });
});
