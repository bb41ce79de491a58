import { Link } from "react-router";

import { PRIMARY_BUTTON_CLASS } from "~/components/forms/styles";
import { fullName, type NamedUser } from "~/lib/user-display";

/**
 * The Request button of a provider's directory card and page (issue 33): a link to the request form of this
 * provider, never offered to the provider themselves.
 */
export function RequestLink({ provider, viewerId }: { provider: NamedUser & { id: string }; viewerId: string }) {
  if (provider.id === viewerId) return null;
  return (
    <Link
      to={`/providers/${provider.id}/request`}
      aria-label={`Request ${fullName(provider)}`}
      className={`inline-flex shrink-0 items-center justify-center ${PRIMARY_BUTTON_CLASS}`}
      data-testid="request-provider"
    >
      Request
    </Link>
  );
}
