import { Fragment, type ReactNode } from "react";

/** What a streamed section shows while it loads: `count` placeholders, announced once as `label`. */
export function SkeletonList({ count, label, className, children }: { count: number; label: string; className: string; children: ReactNode }) {
  return (
    <div className={className} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Fragment key={i}>{children}</Fragment>
      ))}
    </div>
  );
}

/** A pulsing bar (`className` gives its size, shape and shade). */
export function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse ${className}`} />;
}

/** Pulsing bars, one for each class string, in order. */
export function Bars({ classes }: { classes: string[] }) {
  return (
    <>
      {classes.map((className, i) => (
        <Bar key={i} className={className} />
      ))}
    </>
  );
}

/** The placeholder of a job card: title, meta, two lines of text, the poster. */
export function JobCardSkeleton() {
  return (
    <div className="card p-4">
      <Bars
        classes={[
          "h-5 w-2/3 rounded bg-slate-200",
          "mt-3 h-4 w-1/3 rounded bg-slate-200",
          "mt-3 h-4 w-full rounded bg-slate-100",
          "mt-2 h-4 w-5/6 rounded bg-slate-100",
        ]}
      />
      <div className="mt-4 flex items-center gap-2">
        <Bars classes={["h-8 w-8 rounded-full bg-slate-200", "h-4 w-24 rounded bg-slate-200"]} />
      </div>
    </div>
  );
}
