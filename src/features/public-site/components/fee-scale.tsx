import type { FeeBracket } from '../../../domain/fees';
import { formatEuro } from '../../../domain/format';

/* The buyer's fee scale as the tarifs page and the conditions générales both show it. */

/** A bracket's range of net seller prices, in words. */
export function bracketRange(bracket: FeeBracket): string {
  if (bracket.to === null) return `Au-delà de ${formatEuro(bracket.from - 1)}`;
  if (bracket.from === 0) return `Jusqu’à ${formatEuro(bracket.to)}`;
  return `De ${formatEuro(bracket.from)} à ${formatEuro(bracket.to)}`;
}

/** The scale's two column headings, as one row of its <thead>. */
export function FeeScaleColumns({ className }: { className?: string }) {
  return (
    <tr className={className}>
      <th scope="col">Prix net vendeur</th>
      <th scope="col">Honoraires TTC</th>
    </tr>
  );
}
