import type { ReactNode } from "react";

interface TitledSectionProps {
  /** The heading's id; the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  /** The section's own id (an anchor such as #review). */
  id?: string;
  testId?: string;
  children: ReactNode;
}

/** A page section labelled by its h2 (a card of the booking, profile or job page). */
export function TitledSection({
  titleId,
  title,
  className,
  titleClassName = "text-base font-semibold text-slate-900",
  id,
  testId,
  children,
}: TitledSectionProps) {
  return (
    <section id={id} aria-labelledby={titleId} className={className} data-testid={testId}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
