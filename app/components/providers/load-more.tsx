"use client";

import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate, useNavigation } from "react-router";

/**
 * The directory's "Load more". Without JavaScript a link to the next page (`nextHref`, from the cursor on); with
 * it, the same search showing one page more (`moreHref`), so the next providers are appended under those already
 * read, the scroll stays and focus moves to the first new card. `moreHref` is null when no more pages are shown at
 * once: the link then leads to the next page with JavaScript too. Rendered after the list even when there is no next
 * page, so the focus moves when the last page arrives.
 */
export function LoadMore({
  nextHref,
  moreHref,
  shown,
  className,
  icon,
}: {
  nextHref: string | null;
  moreHref: string | null;
  shown: number;
  className: string;
  icon: ReactNode;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const firstNew = useRef<number | null>(null);

  useEffect(() => {
    const index = firstNew.current;
    if (index === null || shown <= index) return;
    firstNew.current = null;
    document.querySelectorAll('[data-testid="directory-results"] > li')[index]?.querySelector<HTMLElement>("a[href]")?.focus();
  }, [shown]);

  if (!nextHref) return null;
  const loading = moreHref !== null && navigation.state === "loading" && `${navigation.location.pathname}${navigation.location.search}` === moreHref;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!moreHref || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    firstNew.current = shown;
    void navigate(moreHref, { replace: true, preventScrollReset: true });
  };
  return (
    <Link to={nextHref} onClick={onClick} aria-busy={loading || undefined} className={className} data-testid="directory-more">
      {loading ? "Loading…" : "Load more"}
      {icon}
    </Link>
  );
}
