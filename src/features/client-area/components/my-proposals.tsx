import { departmentLabel } from '../../../domain/departments';
import { CLIENT_PROPOSALS_PATH, type ClientProposalsResponse } from '../../../domain/api/matches';
import { formatEuro } from '../../../domain/format';
import { formatDayDate } from '../../../domain/french-date';
import { bienTypes, labelOf, roomCounts, surfaceBands } from '../../../domain/property';
import { useCachedApi } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';

/**
 * « Biens proposés » (issue 31): the properties the client's hunter proposed from the fiche
 * (« Proposer au client »), newest first: where, what, how large, at what price, and when it
 * was proposed. Never the owner: the server sends none of it. Kept on the device with the
 * rest of the area, readable offline after one visit.
 */
export function MyProposals({ userId }: { userId: string }) {
  const [load] = useCachedApi<ClientProposalsResponse>(userId, CLIENT_PROPOSALS_PATH);
  return (
    <LoadGate inline load={load} loading="Chargement des biens proposés…">
      {({ proposals }) =>
        proposals.length === 0 ? (
          <p className="mt-4 text-base-content/75">
            Votre chasseur ne vous a pas encore proposé de bien. Dès qu’un bien correspond à votre
            recherche, il apparaît ici.
          </p>
        ) : (
          <>
            <p className="mt-2 text-base-content/75">
              Les biens que votre chasseur a retenus pour vous. Parlez-en avec lui pour organiser
              une visite.
            </p>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {proposals.map((p) => (
                <li
                  key={p.id}
                  className="rounded-box border border-base-300 bg-base-100 p-4"
                  data-testid="client-proposal"
                >
                  <h3 className="font-semibold">
                    {labelOf(bienTypes, p.typeBien)} à {p.city}
                  </h3>
                  <p className="text-sm text-base-content/75">{departmentLabel(p.department)}</p>
                  <p className="mt-2">
                    {labelOf(roomCounts, p.roomCount)} · {labelOf(surfaceBands, p.surface)}
                  </p>
                  <p className="mt-1 text-lg font-semibold">
                    {p.price === null ? 'Prix à définir avec le propriétaire' : formatEuro(p.price)}
                  </p>
                  <p className="mt-2 text-sm text-base-content/75">
                    Proposé le {formatDayDate(p.proposedAt)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )
      }
    </LoadGate>
  );
}
