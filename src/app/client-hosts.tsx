import { OfflineShell } from '../features/offline';
import { ShopHost } from '../features/shop/shop-host';
import { HelpWidget } from '../features/support';
import { ToastHost } from '../lib/toast';

/**
 * What the page shows over itself, drawn in the browser only (nothing of it is in the HTML): the
 * help button, toasts, the basket panel and the payment return, the offline engine's questions.
 * In the app's shell; on a prerendered first page, a root of its own beside the islands.
 */
export function ClientHosts() {
  return (
    <>
      <HelpWidget />
      <ToastHost />
      <ShopHost />
      <OfflineShell />
    </>
  );
}
