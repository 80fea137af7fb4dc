import { useId, useState } from 'react';
import {
  MINIMUM_FEE_TTC,
  bracketFor,
  buyerFeeTTC,
  withoutVat,
  type FeeBracket,
} from '../../../domain/fees';
import { formatEuro, formatPercent } from '../../../domain/format';

/** Prices offered as one-click examples in the simulator. */
const EXAMPLE_PRICES = [250_000, 450_000, 800_000] as const;

type Simulation =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'ok'; price: number; fee: number; bracket: FeeBracket; minimumApplied: boolean };

function simulate(raw: string): Simulation {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  const price = Number(text);
  if (!Number.isFinite(price) || price <= 0) return { kind: 'invalid' };
  const fee = buyerFeeTTC(price);
  const bracket = bracketFor(Math.round(price));
  return {
    kind: 'ok',
    price,
    fee,
    bracket,
    minimumApplied: Math.round(price * bracket.rate) < MINIMUM_FEE_TTC,
  };
}

/** The fee simulator of /tarifs: an island of the page (src/lib/island.tsx). */
export function FeeSimulator() {
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState('');
  const result = simulate(value);

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-7">
      <h3 className="text-xl font-semibold">Simulez vos honoraires</h3>
      <p className="mt-1 text-sm text-base-content/70">
        Estimation indicative, calculée selon notre barème.
      </p>

      <label htmlFor={inputId} className="mt-5 block text-sm font-medium">
        Prix d’achat envisagé
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          placeholder="Ex. 450000"
          className="input input-lg w-full"
          value={value}
          aria-describedby={hintId}
          onChange={(e) => setValue(e.target.value)}
        />
        <span className="text-lg font-medium text-base-content/70" aria-hidden="true">
          €
        </span>
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-base-content/70">
        <span>Exemples&nbsp;:</span>
        {EXAMPLE_PRICES.map((price) => (
          <button
            key={price}
            type="button"
            className="btn btn-xs btn-ghost border border-base-300"
            onClick={() => setValue(String(price))}
          >
            {formatEuro(price)}
          </button>
        ))}
      </p>

      <output
        htmlFor={inputId}
        id={hintId}
        aria-live="polite"
        className="mt-5 block rounded-field bg-base-200 p-4"
      >
        {result.kind === 'empty' ? (
          <span className="text-sm text-base-content/75">
            Indiquez le prix net vendeur du bien visé, en euros, pour estimer nos honoraires.
          </span>
        ) : result.kind === 'invalid' ? (
          <span className="text-sm font-medium text-error">
            Saisissez un montant positif en euros, en chiffres uniquement (par exemple 450000).
          </span>
        ) : (
          <span className="block">
            <span className="block text-sm text-base-content/75">Honoraires estimés</span>
            <span className="mt-1 block font-display text-3xl font-semibold text-primary">
              {formatEuro(result.fee)} <span className="text-lg">TTC</span>
            </span>
            <span className="mt-1 block text-sm text-base-content/75">
              soit {formatEuro(withoutVat(result.fee))} HT ·{' '}
              {result.minimumApplied
                ? `minimum de ${formatEuro(MINIMUM_FEE_TTC)} TTC appliqué`
                : `${formatPercent(result.bracket.rate)} TTC de ${formatEuro(result.price)}`}
            </span>
            <span className="mt-3 block border-t border-base-300 pt-3 text-sm">
              Prix et honoraires&nbsp;: <strong>{formatEuro(result.price + result.fee)}</strong>{' '}
              <span className="text-base-content/70">(hors frais de notaire)</span>
            </span>
          </span>
        )}
      </output>
      <p className="mt-4 text-xs text-base-content/70">
        Le montant définitif figure dans votre mandat de recherche. Il n’est dû qu’à la signature de
        l’acte authentique.
      </p>
    </div>
  );
}
