import { Island } from '../../../lib/island';
import { CookieSettingsButton } from '../../consent';

/**
 * « Gérer mes cookies » in the text of the legal notice and the privacy policy: an island
 * (src/lib/island.tsx), so it works right after load on their prerendered pages.
 */
export function ManageCookies({ className }: { className: string }) {
  return (
    <Island
      name="cookie-settings"
      of={CookieSettingsButton}
      props={{ className, label: 'Gérer mes cookies' }}
    />
  );
}
