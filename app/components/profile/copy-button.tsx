"use client";

import { useState } from "react";

import { SECONDARY_BUTTON_CLASS } from "~/components/forms/styles";
import { errorToast, showToast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

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
    <button type="button" onClick={copy} className={SECONDARY_BUTTON_CLASS}>
      {copied ? "Copied" : "Copy"}
    </button>
  );
}
