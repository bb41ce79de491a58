// fast-check building blocks for hostile requests: nasty strings and values,
// JSON bodies made from field rules (valid-shaped, or with one field broken so
// the body is refused for sure), and the same for HTML forms.
import fc from "fast-check";

import { MAX_NESTING_DEPTH } from "../../app/lib/storable-text.ts";

/** Strings that have broken parsers, databases and templates before. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31mred",
  "\ud800",
  "x\udfffy",
  "\udca5\udca5",
  "\u202eevil",
  "\ufeff",
  "\u00a0",
  "\u200b",
  "💥",
  "👩‍👩‍👧‍👦",
  "e\u0301",
  "İı",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  '" or "1"="1',
  "../../etc/passwd",
  "..\\x.png",
  "%2e%2e/x",
  "%00",
  "%ZZ",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-0",
  "1e309",
  "0x1F",
  "1_000",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "\\",
  '"',
  "//evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 10 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("x", "é", "💥", "\u0000", " ", "\u0301"), fc.integer({ min: 200, max: 12_000 }))
      .map(([unit, count]) => unit.repeat(count)),
  },
);

/** Numbers JSON can carry, and NaN/±Infinity, which JSON.stringify turns into null. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, -0, 0, 0.1 + 0.2, 1e-300, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }) },
);

/** Anything but a string (JSON types a string field must refuse). */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  fc.boolean(),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

/** A string longer than `max` characters once trimmed. */
export const longerThan = (max: number): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: max + 1, max: max + 200 }), fc.constantFrom("x", "é", "💥")).map(([n, unit]) => unit.repeat(n));

/** Whitespace only: blank after trimming. */
export const blank: fc.Arbitrary<string> = fc.constantFrom("", " ", "   ", "\t", "\n\r\n", " \t ");

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Strings that are not ids. */
export const notAUuid: fc.Arbitrary<string> = hostileString.filter((s) => !UUID_RE.test(s.trim()));

/** One value of a field, or a value it refuses for sure. */
export interface FieldRule {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
  /** Leaving it out is allowed. */
  optional?: boolean;
}
export type Rules = Record<string, FieldRule>;

/** A body object that the rules accept or may accept (`broken: false`), or one that breaks one field for sure. */
export function bodyObject(
  rules: Rules,
  other: fc.Arbitrary<unknown> = hostileValue,
): fc.Arbitrary<{ value: Record<string, unknown>; broken: boolean }> {
  const keys = Object.keys(rules);
  const extraKeys = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor", "id", "seekerId", "status", "userId", "isAdmin")),
    other,
    { maxKeys: 3 },
  );
  const validShaped = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, rules[k].valid])), {
        requiredKeys: keys.filter((k) => !rules[k].optional),
      }),
      fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraKeys }),
    )
    .map(([fields, extra]) => ({ value: withExtra(fields, extra, keys), broken: false }));
  if (keys.length === 0) return validShaped;
  const oneBroken = fc.constantFrom(...keys).chain((brokenKey) =>
    fc
      .tuple(
        fc.record(Object.fromEntries(keys.filter((k) => k !== brokenKey).map((k) => [k, fc.oneof(rules[k].valid, other)])), { requiredKeys: [] }),
        rules[brokenKey].optional
          ? rules[brokenKey].invalid.map((v) => ({ set: true, v }))
          : fc.oneof(
              rules[brokenKey].invalid.map((v) => ({ set: true, v })),
              fc.constant({ set: false, v: undefined }),
            ),
        extraKeys,
      )
      .map(([fields, broken, extra]) => {
        const value: Record<string, unknown> = withExtra(fields, extra, keys);
        if (broken.set) value[brokenKey] = broken.v;
        return { value, broken: true };
      }),
  );
  return fc.oneof({ weight: 1, arbitrary: validShaped }, { weight: 5, arbitrary: oneBroken });
}

function withExtra(fields: Record<string, unknown>, extra: Record<string, unknown>, known: string[]): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra))
    if (!known.includes(k)) Object.defineProperty(value, k, { value: v, enumerable: true, writable: true, configurable: true });
  for (const [k, v] of Object.entries(fields)) value[k] = v;
  return value;
}

/** A JSON request body as a client could send it; `refused` when the encoding alone is refused for sure. */
export interface EncodedBody {
  body?: string;
  contentType?: string;
  refused: boolean;
  encoding: string;
}

export const MAX_JSON_BYTES = 64 * 1024;
/** The API's nesting limit (app/lib/storable-text.ts), and the deepest array that still fits in the body cap. */
const MAX_NESTING = MAX_NESTING_DEPTH;
const MAX_NESTING_IN_CAP = Math.floor((MAX_JSON_BYTES - 200) / 2);

export function jsonEncodings(value: Record<string, unknown>): fc.Arbitrary<EncodedBody> {
  const text = JSON.stringify(value);
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .constantFrom("application/json", "application/json; charset=utf-8", "Application/JSON")
        .map((contentType) => ({ body: text, contentType, refused: false, encoding: "json" })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          undefined,
          "text/plain",
          "application/xml",
          "text/json",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=zz",
          "",
          "json",
        )
        .map((contentType) => ({ body: text, contentType, refused: true, encoding: "wrong-type" })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.nat({ max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)),
          fc.constantFrom(
            "",
            "NaN",
            "{title: 'x'}",
            '{"a":NaN}',
            '{"a":-Infinity}',
            '{"a":1,}',
            "\ufeff{}",
            "\u0000",
            "[",
            '{"a":"\\ud800"',
            "'x'",
            "{}{}",
            "undefined",
          ),
          fc.string({ unit: "binary", maxLength: 40 }).filter((s) => !isJson(s)),
        )
        .filter((s) => !isJson(s))
        .map((body) => ({ body, contentType: "application/json", refused: true, encoding: "malformed" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("null", "[]", "[{}]", "1", "-1", '"text"', "true", "1e309")
        .map((body) => ({ body, contentType: "application/json", refused: true, encoding: "not-an-object" })),
    },
    {
      // Nesting past the API's depth limit, up to what fits in the body cap: a recursive walk overflowed the stack (500).
      weight: 1,
      arbitrary: fc
        .record({
          depth: fc.oneof(fc.integer({ min: MAX_NESTING + 1, max: 200 }), fc.integer({ min: 200, max: MAX_NESTING_IN_CAP })),
          where: fc.constantFrom("field", "root", "object"),
        })
        .map(({ depth, where }) => {
          const nested = where === "object" ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}${"]".repeat(depth)}`;
          const body = where === "root" ? nested : `${text.slice(0, -1)}${text.length > 2 ? "," : ""}"extra":${nested}}`;
          return { body, contentType: "application/json", refused: true, encoding: "nested" };
        }),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: MAX_JSON_BYTES + 1, max: MAX_JSON_BYTES + 4096 }).map((size) => ({
        body: JSON.stringify({ ...value, padding: "x".repeat(size) }),
        contentType: "application/json",
        refused: true,
        encoding: "huge",
      })),
    },
  );
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Form fields as strings (a field may repeat); what a browser or a script posts. */
export type FormFields = Array<[string, string]>;

export interface FormRule {
  valid: fc.Arbitrary<string | string[]>;
  /** Values refused for sure (undefined: the field left out); none when nothing is refused for sure. */
  invalid?: fc.Arbitrary<string | string[] | undefined>;
  optional?: boolean;
}

/** Form fields the action may accept, or with one field broken for sure (`invalid` may leave it out: undefined). */
export function formFields(rules: Record<string, FormRule>): fc.Arbitrary<{ fields: FormFields; broken: boolean }> {
  const keys = Object.keys(rules);
  const toFields = (record: Record<string, string | string[] | undefined>, extra: FormFields): FormFields => [
    ...Object.entries(record).flatMap(([k, v]): FormFields =>
      v === undefined ? [] : Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v]],
    ),
    ...extra,
  ];
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("intent", "$ACTION_ID_x", "$ACTION_REF_1", "__proto__", "userId")),
      hostileString,
    ),
    { maxLength: 2 },
  );
  const validShaped = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, rules[k].valid])), { requiredKeys: keys.filter((k) => !rules[k].optional) }),
      fc.oneof({ weight: 3, arbitrary: fc.constant([] as FormFields) }, { weight: 1, arbitrary: extra }),
    )
    .map(([record, more]) => ({
      fields: toFields(
        record,
        more.filter(([k]) => !keys.includes(k) && !k.startsWith("$ACTION")),
      ),
      broken: false,
    }));
  const breakable = keys.filter((k) => rules[k].invalid);
  if (breakable.length === 0) return validShaped;
  const oneBroken = fc.constantFrom(...breakable).chain((brokenKey) =>
    fc
      .tuple(
        fc.record(Object.fromEntries(keys.filter((k) => k !== brokenKey).map((k) => [k, fc.oneof(rules[k].valid, hostileString)])), {
          requiredKeys: [],
        }),
        rules[brokenKey].invalid!,
      )
      .map(([record, broken]) => ({ fields: toFields({ ...record, [brokenKey]: broken }, []), broken: true })),
  );
  return fc.oneof({ weight: 1, arbitrary: validShaped }, { weight: 5, arbitrary: oneBroken });
}

/** A form body: url-encoded or multipart (fine), or one the server must refuse for sure. */
export interface EncodedForm {
  body?: string | FormData | Uint8Array<ArrayBuffer>;
  contentType?: string;
  refused: boolean;
  encoding: string;
}

/** Past the edge's cap for form bodies that are not multipart. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;

export function formEncodings(fields: FormFields): fc.Arbitrary<EncodedForm> {
  const urlencoded = () => new URLSearchParams(fields.map(([k, v]) => [k.toWellFormed(), v.toWellFormed()])).toString();
  return fc.oneof(
    {
      weight: 7,
      arbitrary: fc
        .constant(null)
        .map(() => ({ body: urlencoded(), contentType: "application/x-www-form-urlencoded", refused: false, encoding: "urlencoded" })),
    },
    {
      weight: 3,
      arbitrary: fc.constant(null).map(() => {
        const form = new FormData();
        for (const [k, v] of fields) form.append(k, v);
        return { body: form, refused: false, encoding: "multipart" };
      }),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(undefined, "application/json", "text/plain", "application/octet-stream", "", "text/html").map((contentType) => ({
        body: contentType === "application/json" ? JSON.stringify(Object.fromEntries(fields)) : urlencoded(),
        contentType,
        refused: true,
        encoding: "wrong-type",
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          ["multipart/form-data", '--zz\r\ncontent-disposition: form-data; name="a"\r\n\r\nb\r\n--zz--'],
          ["multipart/form-data; boundary=zz", "garbage without any boundary"],
          ["multipart/form-data; boundary=zz", '--zz\r\ncontent-disposition: form-data; name="a"\r\n\r\nunterminated'],
          ["multipart/form-data; boundary=zz", "--zz\r\nno-disposition: x\r\n\r\nb\r\n--zz--"],
          ["multipart/form-data; boundary=", ""],
          ['multipart/form-data; boundary="unclosed', "--x--"],
        )
        .map(([contentType, body]) => ({ body, contentType, refused: true, encoding: "malformed-multipart" })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: FORM_BODY_MAX_BYTES + 1, max: FORM_BODY_MAX_BYTES + 4096 }).map((size) => ({
        body: `${urlencoded()}&padding=${"x".repeat(size)}`,
        contentType: "application/x-www-form-urlencoded",
        refused: true,
        encoding: "huge",
      })),
    },
  );
}
