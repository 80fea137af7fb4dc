import { Link, useLocation } from 'wouter';
import { formatEuro } from '../../../domain/format';
import { unitLabel } from '../../../domain/homestylz-offers';
import { shopPackById, shopPacks, type ShopProduct } from '../../../domain/shop-catalogue';
import { PageHeader } from '../../../ui/page-blocks';
import { Island } from '../../../lib/island';
import { ProductOrder } from '../components/product-order';
import { publicPages } from '../../public-site';

/** One product of the pack: its price, then what a person does with it (./product-order.tsx). */
function ProductCard({ product }: { product: ShopProduct }) {
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
        <Island
          name="product-order"
          of={ProductOrder}
          props={{ productId: product.id }}
          hydrate="intent"
        />
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
