// The message length limit alone, without zod: the send box imports it (decision 0086).

/** Messages (spec §5; decision 0016): at most 2,000 characters. */
export const MESSAGE_MAX = 2000;
