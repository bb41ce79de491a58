// The RSC payload a hydrating document carries, written into it as one inline script (entry.ssr.tsx).

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const SCRIPT_ENDINGS = /<!--|<\/script/gi;

/**
 * The payload as the browser entry reads it (`self.__FLIGHT_DATA`, React Router's format): as text, or as bytes when it
 * is not UTF-8, escaped so that nothing in it ends the script.
 */
export function payloadScript(payload: Uint8Array, nonce: string): string {
  let chunk: string;
  try {
    chunk = JSON.stringify(strictUtf8.decode(payload));
  } catch {
    chunk = `Uint8Array.from(atob(${JSON.stringify(Buffer.from(payload).toString("base64"))}), m => m.codePointAt(0))`;
  }
  // One pass over the payload (a page's is 100+ KB): "<!--" and "</script" would end the script early.
  const script = `(self.__FLIGHT_DATA||=[]).push(${chunk})`.replace(SCRIPT_ENDINGS, (found) =>
    found === "<!--" ? "<\\!--" : `</\\${found.slice(2)}`,
  );
  return `<script nonce="${nonce.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}">${script}</script>`;
}
