import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatEuro } from '../../../domain/format';
import { unitLabel } from '../../../domain/homestylz-offers';
import { shopPackById, shopPacks, type ShopProduct } from '../../../domain/shop-catalogue';
import { BusyButton } from '../../../ui/busy-button';
import { LabelledInput } from '../../../ui/form/labelled-input';
import { PageHeader } from '../../../ui/page-blocks';
import { notify } from '../../../lib/toast';
import { openBasket } from '../shop-host';
import { publicPages } from '../../public-site';

const quantityLabel: Partial<Record<ShopProduct['unit'], string>> = {
  m2: 'Surface (m²)',
  heure: 'Durée (heures)',
};

/** One product of the pack: its price, a quantity where it is sold by m² or by the hour, the add button. */
function ProductCard({ product }: { product: ShopProduct }) {
  const inputId = useId();
  const errorId = useId();
  const [quantity, setQuantity] = useState(String(product.minQuantity));
  const [error, setError] = useState<string | null>(null);
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
    <li className="flex flex-col rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <h2 className="text-2xl font-semibold">{product.name}</h2>
      <p className="mt-2 text-base-content/75">{product.description}</p>
      <p className="mt-4 text-3xl font-semibold text-primary">
        {formatEuro(product.price)}
        <span className="ml-1 text-base font-normal text-base-content/75">
          TTC {unitLabel(product)}
        </span>
      </p>
      <div className="mt-auto pt-6">
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
      </div>
    </li>
  );
}

/** /homestylz/pack/:id (spec 2.1): a pack of the shop and its products; pack 1 is the default link. */
export default function PackPage() {
  // One route a pack (app/routes.ts): the id is the address's last part.
  const [location] = useLocation();
  const pack = shopPackById(Number(location.split('/').pop()));
  if (!pack) return <publicPages.NotFoundPage />;
  return (
    <>
      <PageHeader eyebrow="Boutique homestylz" title={pack.name} lead={pack.description} />
      <section aria-label="Les prestations du pack" className="py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {pack.products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ul>
          <nav aria-label="Les autres packs" className="mt-12">
            <h2 className="text-xl font-semibold">Nos autres packs</h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              {shopPacks
                .filter((other) => other.id !== pack.id)
                .map((other) => (
                  <li key={other.id}>
                    <Link href={`/homestylz/pack/${other.id}`} className="btn btn-outline">
                      {other.name}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </section>
    </>
  );
}
