import { useId, useState } from 'react';
import { shopProductById, type ShopProduct } from '../../../domain/shop-catalogue';
import { BusyButton } from '../../../ui/busy-button';
import { LabelledInput } from '../../../ui/form/labelled-input';
import { notify } from '../../../lib/toast';
import { openBasket } from '../basket-panel.state';

const quantityLabel: Partial<Record<ShopProduct['unit'], string>> = {
  m2: 'Surface (m²)',
  heure: 'Durée (heures)',
};

/**
 * What a person does with a product of a pack: its quantity where it is sold by m² or by the hour,
 * and the add button. An island of the pack page (src/lib/island.tsx): the rest of the card is
 * text.
 */
export function ProductOrder({ productId }: { productId: number }) {
  const product = shopProductById(productId);
  const inputId = useId();
  const errorId = useId();
  const [quantity, setQuantity] = useState(String(product?.minQuantity ?? 1));
  const [error, setError] = useState<string | null>(null);
  if (!product) return null;
  const label = quantityLabel[product.unit];

  const add = async () => {
    const value = label ? Number(quantity) : 1;
    if (!Number.isInteger(value) || value < product.minQuantity || value > product.maxQuantity) {
      setError(`Indiquez un nombre entier entre ${product.minQuantity} et ${product.maxQuantity}.`);
      return;
    }
    setError(null);
    try {
      const { basketRepo } = await import('../../../db/basket.repo');
      await basketRepo.add(
        {
          id: product.id,
          name: product.name,
          price: product.price,
          src: product.src,
          packname: product.packname,
        },
        value,
      );
      openBasket();
    } catch (failure) {
      console.error('Ajout au panier impossible', failure);
      notify.error('Ce navigateur n’a pas pu enregistrer votre panier. Réessayez.');
    }
  };

  return (
    <>
      {label ? (
        <LabelledInput
          id={inputId}
          label={label}
          labelClassName="mb-1 block text-sm font-medium"
          className="mb-4 w-40"
          invalid={error !== null}
          messageId={errorId}
          type="number"
          inputMode="numeric"
          min={product.minQuantity}
          max={product.maxQuantity}
          step={1}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        >
          {error ? (
            <p id={errorId} className="mt-1 text-sm text-error">
              {error}
            </p>
          ) : null}
        </LabelledInput>
      ) : null}
      <BusyButton className="btn btn-primary" run={add}>
        Ajouter au panier
      </BusyButton>
    </>
  );
}
