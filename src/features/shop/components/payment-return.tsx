import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { basketRepo, migrateLegacyBasket } from '../../../db/basket.repo';

type Outcome = 'success' | 'cancel';

const titles: Record<Outcome, string> = {
  success: 'Paiement réussi',
  // The spec's own spelling (2.7).
  cancel: 'Payement Annulé',
};

const texts: Record<Outcome, string> = {
  success:
    'Merci\u202f! Votre commande est enregistrée et un e-mail de confirmation vous est envoyé. Une décoratrice vous contacte pour fixer la date.',
  cancel:
    'Le paiement n’a pas été effectué. Votre panier est gardé, vous pouvez le valider à nouveau.',
};

/**
 * Spec 4.6: back from the payment page with ?success=true (the basket is cleared) or
 * ?cancel=true, a dialog says so, and the query leaves the address. 'Fermer' hides it.
 * Mounted also, with no dialog, on a device that holds a legacy basket, to migrate it.
 */
export default function PaymentReturn() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const found: Outcome | null =
    query.get('success') === 'true' ? 'success' : query.get('cancel') === 'true' ? 'cancel' : null;
  // What the address said, kept once the query is gone (adjusted during render).
  const [outcome, setOutcome] = useState<Outcome | null>(found);
  if (found && found !== outcome) setOutcome(found);
  const dialogRef = useRef<HTMLDialogElement>(null);

  // Spec 9: a basket_cart_items left by the former site is moved into Dexie, once.
  useEffect(migrateLegacyBasket, []);

  useEffect(() => {
    if (!found) return;
    if (found === 'success') void basketRepo.clear();
    navigate(location, { replace: true });
  }, [found, location, navigate]);

  useEffect(() => {
    if (outcome && dialogRef.current && !dialogRef.current.open) dialogRef.current.showModal();
  }, [outcome]);

  if (!outcome) return null;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="payment-return-title"
      className="modal"
      onClose={() => setOutcome(null)}
    >
      <div className="modal-box">
        <h2 id="payment-return-title" className="text-2xl font-semibold">
          {titles[outcome]}
        </h2>
        <p className="mt-3 text-base-content/80">{texts[outcome]}</p>
        <div className="modal-action">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => dialogRef.current?.close()}
          >
            Fermer
          </button>
        </div>
      </div>
    </dialog>
  );
}
