import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { basketLineName, type BasketLine } from '../../../domain/basket';
import { formatEuro } from '../../../domain/format';
import { basketRepo } from '../../../db/basket.repo';
import { useBasket } from '../../../db/use-basket';
import { CloseIcon } from '../../../ui/shell-icons';
import { HOMESTYLZ_CHECKOUT_PATH } from '../../../domain/api/orders';
import { closeBasket } from '../basket-panel.state';
import { paymentConfig } from '../payment';

/** A line: image, name, price × quantity, pack name, − / + and 'Retirer' (spec 2.7). */
function Line({ line }: { line: BasketLine }) {
  const name = basketLineName(line);
  return (
    <li className="flex gap-4 py-4">
      <img
        src={line.product.src}
        alt=""
        width={64}
        height={64}
        className="h-16 w-16 shrink-0 rounded-box border border-base-300 bg-base-200 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{name}</p>
        <p className="text-sm text-base-content/75">{line.product.packname}</p>
        <p className="mt-1 text-sm">
          {formatEuro(line.product.price)} × {line.quantity}
        </p>
        <div className="mt-2 flex items-center gap-2">
          <button
            type="button"
            className="btn btn-outline btn-square btn-sm"
            aria-label={`Retirer une unité de ${name}`}
            onClick={() => void basketRepo.removeOne(line.product.id)}
          >
            −
          </button>
          <span aria-label={`Quantité de ${name}`} className="min-w-8 text-center">
            {line.quantity}
          </span>
          <button
            type="button"
            className="btn btn-outline btn-square btn-sm"
            aria-label={`Ajouter une unité de ${name}`}
            onClick={() => void basketRepo.add(line.product, 1)}
          >
            +
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm ml-auto"
            onClick={() => void basketRepo.removeLine(line.product.id)}
          >
            Retirer
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * Spec 2.7: the slide-over 'Mon panier'. A modal <dialog>: the browser keeps the focus inside
 * and closes it on Escape; the page behind does not scroll while it is open (daisyUI's
 * root scroll lock). Closing gives the focus back to the basket button.
 */
export default function BasketPanel() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const basket = useBasket();
  const [, navigate] = useLocation();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Asked now so that 'Valider' need not wait for it; asked again then if this fails.
    paymentConfig().catch(() => undefined);
  }, []);

  // Spec 2.7: 'Valider' starts the payment, whose first step is the checkout page (issue 32).
  const pay = () => {
    if (basket.lines.length === 0) return;
    if (!navigator.onLine) {
      setMessage(
        'Le paiement demande une connexion\u00a0: votre panier est gardé, validez-le dès que vous êtes de nouveau en ligne.',
      );
      return;
    }
    setMessage(null);
    dialogRef.current?.close();
    navigate(HOMESTYLZ_CHECKOUT_PATH);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="basket-title"
      className="modal modal-end"
      onClose={closeBasket}
    >
      <div className="modal-box flex h-full max-h-none w-full max-w-md flex-col rounded-none p-0">
        <div className="flex items-center justify-between border-b border-base-300 px-6 py-4">
          <h2 id="basket-title" className="text-2xl font-semibold">
            Mon panier
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-square text-2xl"
            aria-label="Fermer le panier"
            onClick={() => dialogRef.current?.close()}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-6">
          {!basket.loaded ? null : basket.lines.length === 0 ? (
            <p className="py-8 text-base-content/75">Votre panier est vide.</p>
          ) : (
            <ul className="divide-y divide-base-300">
              {basket.lines.map((line) => (
                <Line key={line.product.id} line={line} />
              ))}
            </ul>
          )}
        </div>
        <div className="border-t border-base-300 px-6 py-4">
          {basket.lines.length > 0 ? (
            <>
              <p className="flex justify-between text-lg font-semibold">
                <span>Sous-total</span>
                <span>{formatEuro(basket.subtotal)}</span>
              </p>
              {message ? (
                <p role="alert" className="mt-2 text-sm text-error">
                  {message}
                </p>
              ) : null}
              <button type="button" className="btn btn-primary btn-block mt-4" onClick={pay}>
                Valider
              </button>
            </>
          ) : null}
          <button
            type="button"
            className="btn btn-outline btn-block mt-2"
            onClick={() => {
              dialogRef.current?.close();
              navigate('/homestylz/pack/1');
            }}
          >
            Continuer les achats
          </button>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Fermer le panier">
          Fermer
        </button>
      </form>
    </dialog>
  );
}
