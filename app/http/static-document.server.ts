import "server-only";

import { createContext } from "react-router";

/**
 * True when the page being rendered needs no JavaScript: the document for a
 * signed-out visitor (decision 0029). The root loader sets it; the server
 * entry then renders HTML without hydration, scripts or module preloads.
 */
export const staticDocumentContext = createContext<boolean>(false);
