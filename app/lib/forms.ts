import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import { config as zodConfig, type $ZodType } from "zod/v4/core";

// In the browser zod never compiles schemas with `new Function`: the page's
// policy has no 'unsafe-eval' and zod's probe for it would be reported as a
// violation (decision 0020). Every client-side parse imports this module, and
// only it: zod stays out of pages without a form.
if (typeof document !== "undefined") zodConfig({ jitless: true });

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
