"use client";

import { useEffect, useRef, useState } from "react";

/** The job's photo; removed from the page if it cannot be loaded. */
export function JobImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The error may have happened before hydration, when no handler listened.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      onError={() => setFailed(true)}
      data-testid="job-image"
      className="max-h-96 w-full rounded-lg border border-slate-200 object-cover"
    />
  );
}
