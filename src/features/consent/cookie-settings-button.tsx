import { openCookieSettings } from './consent.store';

/** 'Gestion des cookies' (CNIL: the choice can be changed at any time): reopens the banner. */
export function CookieSettingsButton({
  className,
  label = 'Gestion des cookies',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <button type="button" className={className} onClick={openCookieSettings}>
      {label}
    </button>
  );
}
