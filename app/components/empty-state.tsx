import type { ReactNode } from "react";
import { Link } from "react-router";

import { PRIMARY_BUTTON_CLASS } from "~/components/forms/styles";

interface EmptyStateProps {
  /** Drawn above the title (an icon, sized by the caller). */
  icon?: ReactNode;
  title: string;
  text?: string;
  /** The way forward: a link styled as the page's primary button. */
  action: { href: string; label: string; icon: ReactNode };
  testId?: string;
  className?: string;
}

/** What a list shows when it has nothing: a dashed card with what to do next. */
export function EmptyState({ icon, title, text, action, testId, className = "mt-6 py-12" }: EmptyStateProps) {
  return (
    <div className={`rounded-xl border border-dashed border-slate-300 bg-white px-6 text-center ${className}`} data-testid={testId}>
      {icon}
      <p className={`${icon ? "mt-3 " : ""}font-medium text-slate-900`}>{title}</p>
      {text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null}
      <Link to={action.href} className={`mt-5 inline-flex items-center gap-2 ${PRIMARY_BUTTON_CLASS}`}>
        {action.icon}
        {action.label}
      </Link>
    </div>
  );
}
