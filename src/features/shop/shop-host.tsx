import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { panel } from './basket-panel.state';
import { useSearch } from 'wouter';
import { hasLegacyBasket } from '../../lib/basket-badge';

const BasketPanel = lazy(() => import('./components/basket-panel'));
const PaymentReturn = lazy(() => import('./components/payment-return'));

/**
 * Mounted once in the shell: the basket panel while it is open, and the payment return dialog
 * when the address carries ?success=true or ?cancel=true (spec 4.6). Both load on demand.
 * The return's module also moves a basket left by the former site into Dexie (spec 9): it loads
 * at once on a device that has one, so its badge is right without opening the panel.
 */
export function ShopHost() {
  const { open } = useSnapshot(panel);
  // The dialog stays once shown: it takes the query out of the address itself.
  const search = useSearch();
  const [returned, setReturned] = useState(false);
  if (!returned && (/(success|cancel)=true/.test(search) || hasLegacyBasket())) setReturned(true);
  return (
    <Suspense fallback={null}>
      {open ? <BasketPanel /> : null}
      {returned ? <PaymentReturn /> : null}
    </Suspense>
  );
}
