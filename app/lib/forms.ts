import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import type { $ZodType } from "zod/v4/core";

/**
 * A number field takes plain decimal notation ("12", "-73.9", ".5"). conform's
 * default coercion is `Number(text)`, which also takes "0x1F", "1e3" and
 * "Infinity": the fuzz suite posted a job at latitude "0x1F". The JSON API has
 * the same rule (decision 0025).
 */
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

const { coerceFormValue } = configureCoercion({
  type: { number: (text) => (DECIMAL.test(text.trim()) ? Number(text) : Number.NaN) },
});

/** parseWithZod with the form coercion above; every form, in the browser and in its action, parses through it. */
export function parseForm<Schema extends $ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema: coerceFormValue(schema), disableAutoCoercion: true });
}
