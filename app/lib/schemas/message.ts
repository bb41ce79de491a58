import { z } from "zod";

import { multiLineText } from "../text-fields.ts";
import { MESSAGE_MAX } from "./message-limits.ts";

export { MESSAGE_MAX };

// Messages (spec §5; decision 0016): blank or whitespace-only cannot be sent; at most 2,000 characters.
export const messageContentRule = multiLineText("Message", { error: "Message cannot be empty" })
  .min(1, "Message cannot be empty")
  .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`);

export const messageFormSchema = z.object({ content: messageContentRule });
