import type { ReactNode } from 'react';

/**
 * The frame of a staff table: it scrolls sideways on a phone, and as a named region that takes
 * focus, the keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function TableFrame({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto rounded-box border border-base-300 ${className}`}
    >
      {children}
    </div>
  );
}
