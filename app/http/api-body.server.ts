import "server-only";

import { createContext, type RouterContextProvider } from "react-router";

type Context = Readonly<RouterContextProvider>;

/**
 * The body of an /api request that is no form, read whole by requestBodyMiddleware (within its cap): the JSON
 * API's parseJson takes it from here. Reading a copy there and the request again in parseJson read every body twice.
 */
const apiBodyContext = createContext<Uint8Array<ArrayBuffer> | null>(null);

/** Keeps what requestBodyMiddleware read of an /api request for bodyText. */
export function handOnApiBody(context: Context, bytes: Uint8Array<ArrayBuffer>): void {
  context.set(apiBodyContext, bytes);
}

/** The request's body as text: what requestBodyMiddleware read of an /api request, else the request's own. */
export function bodyText(request: Request, context: Context): Promise<string> {
  const read = context.get(apiBodyContext);
  return read ? Promise.resolve(new TextDecoder().decode(read)) : request.text();
}
