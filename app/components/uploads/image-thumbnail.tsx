"use client";

import { useEffect, useRef, useState } from "react";

/** A small preview of an uploaded image; removed if it cannot be loaded (spec §8). */
export function ImageThumbnail({ src, alt, className = "" }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The error may have happened before hydration, when no handler listened.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (failed === src) return null;
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      onError={() => setFailed(src)}
      data-testid="image-thumbnail"
      className={`h-20 w-20 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover ${className}`}
    />
  );
}
