import type { InputHTMLAttributes } from "react";

import { INPUT_CLASS } from "~/components/forms/styles";

/** A dollar amount: a number input with a '$' drawn in front of it. */
export function MoneyInput({ wrapperClassName = "relative", ...props }: InputHTMLAttributes<HTMLInputElement> & { wrapperClassName?: string }) {
  return (
    <div className={wrapperClassName}>
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden>
        $
      </span>
      <input {...props} inputMode="decimal" className={`${INPUT_CLASS} pl-7`} />
    </div>
  );
}
