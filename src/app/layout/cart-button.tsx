import { useSyncExternalStore } from 'react';
import { readBadge, subscribeBadge } from '../../lib/basket-badge';
import { BagIcon } from '../../ui/shell-icons';

const noBadge = () => '';

/**
 * Spec 2.2: the basket icon and its quantity badge, in the mobile header and the desktop cart
 * area of both brands. The badge is read from its localStorage mirror (lib/basket-badge.ts), so
 * the first download carries no IndexedDB code; the panel itself loads when asked for.
 */
export function CartButton({ onOpen, className }: { onOpen: () => void; className: string }) {
  // The prerendered page has no badge: the server knows nothing of this device's basket.
  const badge = useSyncExternalStore(subscribeBadge, readBadge, noBadge);
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-square relative text-2xl ${className}`}
      aria-label={badge ? `Mon panier (${badge})` : 'Mon panier'}
      onClick={onOpen}
    >
      <BagIcon />
      {badge ? (
        <span
          aria-hidden="true"
          className="badge badge-primary badge-sm absolute -right-1 -top-1 px-1"
        >
          {badge}
        </span>
      ) : null}
    </button>
  );
}
