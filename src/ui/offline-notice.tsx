import type { ReactNode } from 'react';

/**
 * « Hors ligne »: a screen of the client's or the staff's area shows what this device kept
 * (issue 29: dark text on a pale amber, over 4.5:1; it was white on light grey, unreadable).
 * `badge` false when the network is back but the answer shown is still the kept one.
 */
export function OfflineNotice({
  badge = true,
  className = '',
  children,
}: {
  badge?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      role="status"
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 rounded-box border border-warning bg-warning/15 px-3 py-2 text-sm text-base-content ${className}`}
      data-testid="offline-notice"
    >
      {badge ? (
        <span className="badge border-warning bg-base-100 font-semibold text-base-content">
          Hors ligne
        </span>
      ) : null}
      <span>{children}</span>
    </p>
  );
}
