/** The class strings every form of the app shares, so a field looks and fails the same everywhere. */
export const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export const INPUT_CLASS =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500";

export const LABEL_CLASS = "text-sm font-medium text-slate-900";

export const PRIMARY_BUTTON_CLASS = `rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 ${FOCUS_RING} disabled:opacity-60`;

export const SECONDARY_BUTTON_CLASS = `rounded-md border border-slate-300 bg-white px-4 py-2 text-center text-sm font-medium text-slate-700 hover:bg-slate-50 ${FOCUS_RING}`;
