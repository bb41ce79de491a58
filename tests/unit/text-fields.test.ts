import { describe, expect, it } from "vitest";
import { type z } from "zod";

import { jobFieldRules, postJobFormSchema } from "~/lib/schemas/job";
import { messageContentRule } from "~/lib/schemas/message";
import { profileFormSchema } from "~/lib/schemas/profile";
import { reviewFieldRules } from "~/lib/schemas/review";
import { multiLineText, oneLineText, toOneLine } from "~/lib/text-fields";

const messages = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("oneLineText", () => {
  const name = oneLineText("First name");

  it("takes ordinary text, trimmed, whatever its script", () => {
    for (const text of ["Ann", "Ann-Marie O'Neil", "José Núñez", "李小龍", "Zoë 💥", "  Ann  "]) expect(name.parse(text)).toBe(text.trim());
  });

  it("refuses CR, LF and every other control character, naming the field", () => {
    for (const text of [
      "Ann\r\nBcc: x",
      "Ann\nBcc: x",
      "Ann\rB",
      "A\tB",
      "A\u0007B",
      "\u001b[31mred",
      "A\u007fB",
      "A\u0085B",
      "A\u009bB",
      "A\u2028B",
      "A\u2029B",
    ]) {
      expect(messages(name, text), JSON.stringify(text)).toEqual(["First name must not contain control characters"]);
    }
  });

  it("keeps the field's own rules and their messages", () => {
    const required = oneLineText("Title", { error: "Title is required" }).min(1, "Title is required");
    expect(messages(required, undefined)).toEqual(["Title is required"]);
    expect(messages(required, "   ")).toEqual(["Title is required"]);
  });
});

describe("multiLineText", () => {
  const description = multiLineText("Description");

  it("keeps line breaks (LF and the CR LF browsers send) and tabs", () => {
    expect(description.parse("Line one\r\nLine two\n\tindented\rold Mac")).toBe("Line one\r\nLine two\n\tindented\rold Mac");
  });

  it("refuses the other control characters", () => {
    for (const text of ["bell\u0007", "esc\u001b[2J", "del\u007f", "c1\u0085", "v\u000bt", "f\u000cf", "b\u0008s"]) {
      expect(messages(description, text), JSON.stringify(text)).toEqual([
        "Description must not contain control characters other than line breaks and tabs",
      ]);
    }
  });
});

describe("toOneLine", () => {
  it("turns each run of control characters into one space", () => {
    expect(toOneLine("Ann\r\nBcc: x")).toBe("Ann Bcc: x");
    expect(toOneLine("Ann Lee")).toBe("Ann Lee");
  });
});

describe("the app's text fields", () => {
  const oneLine = "Ann\r\nBcc: evil@example.com";
  const multiLine = "Hello\r\nthere\u001b[2J";

  it("one-line fields refuse CR/LF: names, phone, location, job title", () => {
    const profile = profileFormSchema.safeParse({ firstName: oneLine, lastName: oneLine, phoneNumber: "555\r\n0100", address: oneLine });
    expect(profile.success).toBe(false);
    const fields = profile.error?.issues.map((issue) => issue.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["firstName", "lastName", "phoneNumber", "address"]));
    expect(messages(jobFieldRules.title, oneLine)).toEqual(["Title must not contain control characters"]);
    const job = postJobFormSchema.safeParse({ categoryId: "repair", title: "Fix", description: "Sink", location: oneLine });
    expect(job.error?.issues.map((issue) => issue.message)).toEqual(["Location must not contain control characters"]);
  });

  it("multi-line fields keep line breaks and refuse other control characters: description, message, comment, bio", () => {
    expect(jobFieldRules.description.parse("Sink\r\nleaks")).toBe("Sink\r\nleaks");
    expect(messageContentRule.parse("Hi\nthere")).toBe("Hi\nthere");
    expect(reviewFieldRules.comment.parse("Great\r\nwork")).toBe("Great\r\nwork");
    expect(profileFormSchema.parse({ firstName: "Ann", bio: "Plumber\r\n20 years" }).bio).toBe("Plumber\r\n20 years");
    expect(messages(jobFieldRules.description, multiLine)).toHaveLength(1);
    expect(messages(messageContentRule, multiLine)).toHaveLength(1);
    expect(messages(reviewFieldRules.comment, multiLine)).toHaveLength(1);
    expect(profileFormSchema.safeParse({ firstName: "Ann", bio: multiLine }).success).toBe(false);
  });
});
