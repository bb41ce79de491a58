"use client";

import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Follows the plain links of long lists (`<a href data-discover>`, the markup `<Link>` renders) as client-side
 * navigations, with one listener for the page instead of `<Link>`'s hooks on every row: `<Link>` was 3–4% of the
 * provider dashboard's server render for its 40 cards and rows (issue 36 §2). A `<Link>` handles its own clicks
 * first (React's listener runs before this one, and prevents the default); without JavaScript a list link is an
 * ordinary link. A `<Link reloadDocument>` lets the click through and renders data-discover too: such a link needs
 * `discover="none"` to be left to the browser.
 */
export function LinkFollower() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (link.origin !== window.location.origin) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      // As <Link>: a link to the page the user is on replaces it in the history instead of adding it again.
      navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
  return null;
}
