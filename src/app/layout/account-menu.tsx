import { useId } from 'react';
import { Link } from 'wouter';
import { homeOf } from '../../domain/roles';
import { logout, useSession } from '../../features/auth';
import { DropdownToggle, popoverPanelClass } from './dropdown';

/**
 * The header's actions for a signed-in person (spec 2.2): 'Mon Espace' (their area) and, on
 * desktop, a menu under their first name with 'Paramètres' and 'Se déconnecter'; in the mobile
 * panel the three as buttons. Its own chunk: anonymous visitors never download it.
 */
export default function AccountMenu({
  transparent,
  stacked = false,
  menuOpen = false,
  onToggleMenu,
  dropdownId,
}: {
  transparent: boolean;
  stacked?: boolean;
  menuOpen?: boolean;
  onToggleMenu?: (opener: HTMLButtonElement) => void;
  dropdownId: string;
}) {
  const { user, roles } = useSession();
  const menuId = useId();
  if (!user) return null;

  const spaceLink = (
    <Link
      href={homeOf(roles)}
      className={`btn btn-primary ${stacked ? 'btn-block' : ''} ${transparent ? 'border-white/0' : ''}`}
    >
      Mon Espace
    </Link>
  );
  const signOut = (className: string) => (
    <button type="button" className={className} onClick={() => void logout()}>
      Se déconnecter
    </button>
  );

  if (stacked || !onToggleMenu) {
    return (
      <>
        {spaceLink}
        <Link href="/parametres" className="btn btn-outline btn-block">
          Paramètres
        </Link>
        {signOut('btn btn-ghost btn-block')}
      </>
    );
  }

  return (
    <>
      {spaceLink}
      <div className="relative">
        <DropdownToggle
          data-dropdown={dropdownId}
          className={`btn btn-ghost gap-2 ${transparent ? 'text-white hover:bg-white/15' : ''}`}
          aria-controls={menuId}
          open={menuOpen}
          onToggle={onToggleMenu}
        >
          <span
            aria-hidden="true"
            className="inline-flex size-7 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-content"
          >
            {user.firstname.charAt(0).toUpperCase()}
          </span>
          {user.firstname}
        </DropdownToggle>
        <ul id={menuId} data-open={menuOpen} className={`${popoverPanelClass} right-0`}>
          <li className="border-b border-base-300 px-3 pb-2 pt-1 text-sm">
            <span className="block font-semibold">
              {user.firstname} {user.lastname}
            </span>
            <span className="block truncate text-base-content/70">{user.email}</span>
          </li>
          <li className="pt-1">
            <Link href="/parametres" className="flex rounded-field px-3 py-2 hover:bg-base-200">
              Paramètres
            </Link>
          </li>
          <li>
            {signOut(
              'flex w-full cursor-pointer rounded-field px-3 py-2 text-left hover:bg-base-200',
            )}
          </li>
        </ul>
      </div>
    </>
  );
}
