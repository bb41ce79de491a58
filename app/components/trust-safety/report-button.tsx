"use client";

import { lazy, Suspense, useId, useRef, useState } from "react";

import { AlertCircle } from "~/components/icons";
import type { REPORT_ACTION, ReportTargetProps } from "~/components/trust-safety/report-form";

// The dialog and its form (Radix, the form kit) load when the dialog is about to open, not with every page that has
// a 'Report' link: the job page's JavaScript budget (issue 36 §5).
const loadReportDialog = () => import("~/components/trust-safety/report-dialog");
const ReportDialog = lazy(() => loadReportDialog().then((module) => ({ default: module.ReportDialog })));

const TRIGGER_CLASS =
  "inline-flex items-center gap-1 rounded text-sm text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline focus-ring";

/**
 * The report form's action, spelled here: importing it would load the form's chunk with the link. Its type is the
 * form's constant, so the compiler holds the two to one value.
 */
const REPORT_PAGE: typeof REPORT_ACTION = "/report";

/** The page that shows the report form without JavaScript. */
function reportHref({ targetType, targetId, returnTo }: ReportTargetProps): string {
  return `${REPORT_PAGE}?${new URLSearchParams({ targetType, targetId, returnTo })}`;
}

interface ReportButtonProps extends ReportTargetProps {
  /** What is reported, for the trigger's accessible name and the title ('job', 'message from Ada'). */
  what: string;
  testId?: string;
}

/**
 * 'Report'. Without JavaScript a link to the report page (/report?…); with it, the same form in a dialog, posted by a
 * fetcher to the same action, which flashes the toast and redirects back; the dialog closes once that is done.
 */
export function ReportButton({ what, testId = "report-button", ...target }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so that closing it animates and gives focus back as before.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const contentId = useId();
  return (
    <>
      {/* The attributes Radix's Dialog.Trigger gave this link, in its order: the markup is as it was. */}
      <a
        ref={trigger}
        href={reportHref(target)}
        onClick={(event) => {
          event.preventDefault();
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadReportDialog()}
        onFocus={() => void loadReportDialog()}
        className={TRIGGER_CLASS}
        aria-label={`Report ${what}`}
        data-testid={testId}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? "open" : "closed"}
      >
        <AlertCircle className="h-4 w-4" aria-hidden />
        Report
      </a>
      {used ? (
        <Suspense fallback={null}>
          <ReportDialog {...target} what={what} open={open} onOpenChange={setOpen} contentId={contentId} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
