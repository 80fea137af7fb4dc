import { useId, useState } from 'react';
import { departmentLabel } from '../../../domain/departments';
import {
  CLIENT_PROPOSALS_PATH,
  clientProposalAnswerPath,
  proposalAnswerLabels,
  proposalAnswers,
  type ClientProposal,
  type ClientProposalsResponse,
  type ProposalAnswer,
} from '../../../domain/api/matches';
import { formatEuro } from '../../../domain/format';
import { formatDayDate } from '../../../domain/french-date';
import { bienTypes, labelOf, roomCounts, surfaceBands } from '../../../domain/property';
import { useCachedApi } from '../../../db/use-cached-api';
import { api, toApiFailure } from '../../../lib/api';
import { LoadGate } from '../../../ui/load-gate';

/**
 * « Ça m’intéresse » / « Pas pour moi » under a proposed property: two buttons, the chosen one
 * pressed; the client may change their mind. Needs the network (said on failure, in French):
 * the hunter reads the answer on the fiche at once.
 */
function ProposalAnswerButtons({
  proposal,
  onAnswered,
}: {
  proposal: ClientProposal;
  onAnswered: () => void;
}) {
  const questionId = useId();
  const [answer, setAnswer] = useState<ProposalAnswer | null>(proposal.answer);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const send = async (chosen: ProposalAnswer) => {
    setBusy(true);
    setError('');
    try {
      const saved = await api<ClientProposal>(clientProposalAnswerPath(proposal.id), {
        method: 'PUT',
        body: { answer: chosen },
      });
      setAnswer(saved.answer);
      onAnswered();
    } catch (failure) {
      setError(toApiFailure(failure).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-3 border-t border-base-300 pt-3">
      <p id={questionId} className="text-sm font-medium">
        Ce bien vous intéresse-t-il&#8239;?
      </p>
      <div role="group" aria-labelledby={questionId} className="mt-2 flex flex-wrap gap-2">
        {proposalAnswers.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={answer === value}
            disabled={busy}
            className={`btn btn-sm ${answer === value ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => void send(value)}
          >
            {proposalAnswerLabels[value]}
          </button>
        ))}
      </div>
      {answer ? (
        <p role="status" className="mt-2 text-sm text-base-content/75">
          Votre chasseur voit votre réponse. Vous pouvez en changer.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * « Biens proposés » (issue 31): the properties the client's hunter proposed from the fiche
 * (« Proposer au client »), newest first: where, what, how large, at what price, and when it
 * was proposed, and the client's answer (« Ça m’intéresse », « Pas pour moi »). Never the
 * owner: the server sends none of it. Kept on the device with the rest of the area, readable
 * offline after one visit.
 */
export function MyProposals({ userId }: { userId: string }) {
  const [load, reload] = useCachedApi<ClientProposalsResponse>(userId, CLIENT_PROPOSALS_PATH);
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
                  <ProposalAnswerButtons proposal={p} onAnswered={reload} />
                </li>
              ))}
            </ul>
          </>
        )
      }
    </LoadGate>
  );
}
