import { useState, type ReactNode } from 'react';

/**
 * A button whose action takes time (storing, calling the server): pressed again while it runs,
 * nothing happens twice; it is disabled until the action settles.
 */
export function BusyButton({
  className,
  run,
  children,
}: {
  className: string;
  run: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void run().finally(() => setBusy(false));
      }}
    >
      {children}
    </button>
  );
}
