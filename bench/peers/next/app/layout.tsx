import type { ReactNode } from "react";
import { BODY_CLASS } from "../../shared/pages.tsx";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className={BODY_CLASS}>{children}</body>
    </html>
  );
}
