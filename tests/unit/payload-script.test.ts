import vm from "node:vm";
import { describe, expect, it } from "vitest";

import { payloadScript } from "~/lib/payload-script";

/** Runs the script's body as the browser would and returns what it pushed. */
function pushed(html: string): unknown[] {
  const body = /^<script nonce="[^"]*">([\s\S]*)<\/script>$/.exec(html)![1]!;
  const self: { __FLIGHT_DATA?: unknown[] } = {};
  vm.runInNewContext(body, { self, atob, Uint8Array });
  return self.__FLIGHT_DATA!;
}

describe("payloadScript", () => {
  it("carries a payload with script endings in it without ending the script, and gives it back unchanged", () => {
    const text = '0:["$","p",null,{"children":"</script><script>alert(1)</script> <!-- x --> </SCRIPT >"}]\n';
    const html = payloadScript(new TextEncoder().encode(text), "abc");
    const inside = html.slice('<script nonce="abc">'.length, -"</script>".length);
    expect(inside).not.toMatch(/<\/script|<!--/i);
    expect(pushed(html)).toEqual([text]);
  });

  it("carries bytes that are not UTF-8 as bytes", () => {
    const bytes = new Uint8Array([0x30, 0x3a, 0xff, 0xfe, 0x3c, 0x2f, 0x73]);
    const [data] = pushed(payloadScript(bytes, "n"));
    expect(Array.from(data as Uint8Array)).toEqual(Array.from(bytes));
  });

  it("escapes the nonce into its attribute", () => {
    expect(payloadScript(new TextEncoder().encode("x"), 'a"b<c>&')).toMatch(/^<script nonce="a&#34;b&#60;c&#62;&#38;">/);
  });
});
