import type { ReactNode } from 'react';
import { ChevronDownIcon } from '../../ui/shell-icons';

/**
 * The button that opens and closes a dropdown of the header (a menu group, the user menu): it
 * says whether its panel is open, and its chevron turns with it.
 */
export function DropdownToggle({
  open,
  onToggle,
  children,
  ...button
}: {
  /** Which dropdown, as the header's openId names it. */
  'data-dropdown': string;
  'aria-controls': string;
  className: string;
  open: boolean;
  onToggle: (opener: HTMLButtonElement) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      {...button}
      aria-expanded={open}
      onClick={(e) => onToggle(e.currentTarget)}
    >
      {children}
      <ChevronDownIcon
        className={`transition-transform duration-200 ${open ? 'rotate-180' : ''}`}
      />
    </button>
  );
}

/** The card under a desktop dropdown's button (with left-0 or right-0, the edge it lines up with). */
export const popoverPanelClass =
  'popover-panel absolute top-full mt-2 w-64 rounded-box border border-base-300 bg-base-100 p-2 text-base-content shadow-xl';
