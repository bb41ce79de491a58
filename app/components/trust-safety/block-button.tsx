import { Ban } from "~/components/icons";

const BUTTON_CLASS =
  "inline-flex items-center gap-1 rounded text-sm text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline focus-ring";

interface BlockButtonProps {
  userId: string;
  /** Their name, for the button's accessible name. */
  name: string;
  /** Whether the viewer blocked them already: the button then unblocks. */
  blocked: boolean;
  returnTo: string;
  testId?: string;
}

/** Block (or Unblock) a user: a plain form posting to /blocks, with or without JavaScript. */
export function BlockButton({ userId, name, blocked, returnTo, testId = "block-button" }: BlockButtonProps) {
  return (
    <form method="post" action="/blocks">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="intent" value={blocked ? "unblock" : "block"} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={BUTTON_CLASS} aria-label={`${blocked ? "Unblock" : "Block"} ${name}`} data-testid={testId}>
        <Ban className="h-4 w-4" aria-hidden />
        {blocked ? "Unblock" : "Block"}
      </button>
    </form>
  );
}
