import { Check } from "~/components/icons";
import { WIZARD_STEPS, type WizardStep } from "~/components/post-job/wizard";

/** 'Step N of 3' with a progress bar and the three named steps (the current one marked for assistive tech). */
export function WizardStepper({ step }: { step: WizardStep }) {
  const total = WIZARD_STEPS.length;
  return (
    <nav aria-label="Progress" className="mb-8">
      <div className="flex items-center justify-between gap-4 text-sm">
        <p className="font-semibold text-slate-900" data-testid="wizard-step">
          Step {step} of {total}
        </p>
        <p className="text-slate-500">{WIZARD_STEPS[step - 1]}</p>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Post a job"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${total}`}
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${(step / total) * 100}%` }} />
      </div>
      <ol className="mt-3 grid grid-cols-3 gap-2 text-xs sm:text-sm">
        {WIZARD_STEPS.map((label, index) => {
          const n = index + 1;
          const done = n < step;
          const current = n === step;
          return (
            <li
              key={label}
              aria-current={current ? "step" : undefined}
              className={`flex items-center gap-2 ${current ? "font-semibold text-brand-700" : done ? "text-slate-700" : "text-slate-600"}`}
            >
              <span
                className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                  current ? "bg-brand-600 text-white" : done ? "bg-brand-100 text-brand-700" : "bg-slate-200 text-slate-500"
                }`}
                aria-hidden
              >
                {done ? <Check className="h-3.5 w-3.5" /> : n}
              </span>
              <span>
                {label}
                {done ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
