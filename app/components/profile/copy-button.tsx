"use client";

import { useState } from "react";

import type { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { errorToast, showToast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

// The form kit's button class, spelled here: importing them would load the form kit's chunk (2.2 KiB of gzipped
// JavaScript) with the profile page, for one string (issue 36 §5). Its type is the kit's constant, so the
// compiler holds the two to one value.
const SECONDARY_BUTTON: typeof SECONDARY_BUTTON_CLASS = "btn-secondary";

/** Copies `text` to the clipboard; rendered only once JavaScript runs (without it the field can be selected and copied). */
export function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      showToast({ title: "Link copied" });
    } catch {
      showToast(errorToast("Select the link and copy it yourself.", "Could not copy"));
    }
  }
  return (
    <button type="button" onClick={copy} className={SECONDARY_BUTTON}>
      {copied ? "Copied" : "Copy"}
    </button>
  );
}
