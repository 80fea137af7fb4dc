import type { ReactNode } from 'react';

/** 'Renvoyer l’e-mail…': a small outlined button, with a spinner while the request is sent. */
export function ResendButton({
  sending,
  onClick,
  className,
  children,
}: {
  sending: boolean;
  onClick: () => void;
  /** Classes added to the button's own (its margin). */
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-outline btn-primary btn-sm ${className}`}
      onClick={onClick}
      disabled={sending}
    >
      {sending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
