"use client";

import { ImageOrNothing } from "~/components/uploads/image-thumbnail";

/** The job's photo; removed from the page if it cannot be loaded. */
export function JobImage({ src, alt }: { src: string; alt: string }) {
  return <ImageOrNothing src={src} alt={alt} testId="job-image" className="max-h-96 w-full rounded-lg border border-slate-200 object-cover" />;
}
