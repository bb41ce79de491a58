// The icons the app draws, by their lucide file name: one sprite (/icons.svg) holds them all (decision 0030).
export const ICON_IDS = [
  "arrow-left",
  "arrow-right",
  "ban",
  "bell",
  "briefcase",
  "calendar",
  "calendar-check",
  "calendar-clock",
  "calendar-plus",
  "camera",
  "check",
  "check-check",
  "chevron-right",
  "circle",
  "circle-check",
  "circle-exclamation-point",
  "circle-play",
  "circle-x",
  "clipboard-list",
  "clock",
  "credit-card",
  "crosshair",
  "dollar-sign",
  "external-link",
  "hammer",
  "heart",
  "image-plus",
  "info",
  "loader-circle",
  "log-out",
  "mail",
  "map-pin",
  "message-square",
  "message-square-text",
  "package",
  "paintbrush",
  "pencil",
  "phone",
  "plus",
  "power",
  "power-off",
  "radio",
  "repeat",
  "search",
  "search-x",
  "send-horizontal",
  "sparkles",
  "star",
  "tag",
  "truck",
  "user",
  "users",
  "wallet",
  "wrench",
  "x",
  "zap",
] as const;

export type IconId = (typeof ICON_IDS)[number];

/** The lucide-react release the drawings come from; a unit test keeps it equal to the installed one. */
export const LUCIDE_VERSION = "1.75.0";

/**
 * The sprite's version: it changes with the sprite's content (the lucide release and the set of icons), so
 * browsers may keep each address for good. A literal, not computed here, so that the browser gets no icon list
 * with its icons; a unit test keeps it equal to `spriteVersion(LUCIDE_VERSION, ICON_IDS)`.
 */
export const ICON_SPRITE_VERSION = "gxfdae";
export const ICON_SPRITE_URL = `/icons.svg?v=${ICON_SPRITE_VERSION}`;

/** The FNV-1a hash of the lucide release and the icon list, in base 36. */
export function spriteVersion(lucideVersion: string, iconIds: readonly string[]): string {
  const text = `${lucideVersion}:${iconIds.join(",")}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
