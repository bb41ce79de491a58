"use client";

import { useEffect, useRef, useState } from "react";

/** An image that takes itself off the page when it cannot be loaded (spec §8), before or after hydration. */
export function ImageOrNothing({ src, alt, className, testId }: { src: string; alt: string; className: string; testId: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The error may have happened before hydration, when no handler listened.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (failed === src) return null;
  return <img ref={ref} src={src} alt={alt} onError={() => setFailed(src)} data-testid={testId} className={className} />;
}

/** A small preview of an uploaded image. */
export function ImageThumbnail({ src, alt, className = "" }: { src: string; alt: string; className?: string }) {
  return (
    <ImageOrNothing
      src={src}
      alt={alt}
      testId="image-thumbnail"
      className={`h-20 w-20 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover ${className}`}
    />
  );
}
