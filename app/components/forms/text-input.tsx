import type { InputHTMLAttributes } from "react";

import { INPUT_CLASS } from "~/components/forms/styles";

/** An input of the kit: the app's input style with conform's props (`getInputProps`; its key resets the input with the form). */
export function TextInput({
  conform: { key, ...conform },
  ...props
}: { conform: { key?: string } & InputHTMLAttributes<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return <input key={key} {...conform} {...props} className={INPUT_CLASS} />;
}
