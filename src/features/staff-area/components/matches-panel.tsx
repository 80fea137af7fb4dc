import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cityName } from '../../../domain/arrondissements';
import {
  buyerMatchesPath,
  buyerProposalsPath,
  leadMatchesPath,
  type BuyerMatchesResponse,
  type LeadMatchesResponse,
  type ProposalAnswer,
  type ProposalCreated,
} from '../../../domain/api/matches';
import { formatEuro } from '../../../domain/format';
import { formatShortDate } from '../../../domain/french-date';
import type { MatchReason } from '../../../domain/matching';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';
import { staffChange, useStaffApi } from '../staff-api';
import { staffPaths } from '../staff-paths';
import { isSupervisor } from './staff-frame';

const NBSP = '\u00a0';
const MINUS = '\u2212';

/** « +30 », « −6 », « 0 »: what one criterion adds to the score. */
const signedPoints = (points: number) =>
  points > 0 ? `+${points}` : points < 0 ? `${MINUS}${Math.abs(points)}` : '0';

/** « 54 points », « 1 point ». */
const pointsText = (score: number) =>
  `${score < 0 ? MINUS : ''}${Math.abs(score)}${NBSP}point${Math.abs(score) > 1 ? 's' : ''}`;

/** The reasons of a match, each with what it weighs in the score. */
function Reasons({ reasons }: { reasons: MatchReason[] }) {
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label="Raisons du rapprochement">
      {reasons.map((r) => (
        <li key={r.kind} className="flex items-baseline justify-between gap-3">
          <span>{r.text}</span>
          <span
            className={`shrink-0 tabular-nums ${
              r.points < 0 ? 'text-error' : 'text-base-content/75'
            }`}
          >
            {signedPoints(r.points)}
            <span className="sr-only">{Math.abs(r.points) > 1 ? ' points' : ' point'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * « Proposer au client »: the lead's property shown to the buyer in the client area (the server
 * keeps one proposal however often it is asked), then « Proposé le … » and the client's answer
 * once given (« Le client est intéressé », « Pas pour le client »). Needs the network: a
 * proposal is a message to the client, not a note to keep for later, so without network it is
 * refused with the reason on screen and can be asked again.
 */
function ProposeButton({
  buyerId,
  leadId,
  proposedAt,
  answer,
  what,
  onProposed,
}: {
  buyerId: string;
  leadId: number;
  proposedAt: string | null;
  /** The client's answer to the proposal (« Ça m’intéresse », « Pas pour moi »). */
  answer: ProposalAnswer | null;
  /** Said to screen readers after the button's text (« à Élodie Martin », « (Vincennes) »). */
  what: string;
  onProposed: () => void;
}) {
  const [refusal, setRefusal] = useState('');
  if (proposedAt)
    return (
      <>
        <span className="badge badge-info badge-soft" data-testid="match-proposed">
          Proposé le {formatShortDate(proposedAt)}
        </span>
        {answer ? (
          <span
            className={`badge badge-soft ${answer === 'interesse' ? 'badge-success' : 'badge-neutral'}`}
            data-testid="match-answer"
          >
            {answer === 'interesse' ? 'Le client est intéressé' : 'Pas pour le client'}
          </span>
        ) : (
          <span className="text-sm text-base-content/75">Pas encore de réponse du client</span>
        )}
      </>
    );
  const propose = async () => {
    setRefusal('');
    const answer = await staffChange<ProposalCreated>(buyerProposalsPath(buyerId), 'POST', {
      leadId,
    });
    if (!answer.ok) {
      setRefusal(answer.message);
      return;
    }
    notify.success('Bien proposé au client\u00a0: il le voit dans son espace.');
    onProposed();
  };
  return (
    <span className="flex flex-col items-start gap-2">
      <BusyButton className="btn btn-primary btn-sm" run={propose}>
        Proposer au client<span className="sr-only"> {what}</span>
      </BusyButton>
      {refusal ? (
        <span role="alert" className="text-sm text-error">
          {refusal}
        </span>
      ) : null}
    </span>
  );
}

/** One match: its title and score, its reasons, then its links and action. */
function MatchItem({
  title,
  score,
  reasons,
  children,
}: {
  title: ReactNode;
  score: number;
  reasons: MatchReason[];
  children: ReactNode;
}) {
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="match">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <span className="badge badge-outline">
          Score{NBSP}: {pointsText(score)}
        </span>
      </div>
      <Reasons reasons={reasons} />
      <div className="mt-3 flex flex-wrap items-center gap-3">{children}</div>
    </li>
  );
}

/** A panel of the fiche: its heading, a line saying what it lists, then the list. */
function MatchesSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-box border border-base-300 p-5">
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-base-content/75">{lead}</p>
      {children}
    </section>
  );
}

/**
 * « Biens qui correspondent » on the fiche acquéreur (issue 31): the owner leads that fit the
 * buyer's newest project, best first, each with its score and reasons, a link to the lead's
 * fiche when the caller may open it (supervisors, or the lead's hunter), and « Proposer au
 * client ». Kept on the device with the fiche (keep-records.ts): readable offline.
 */
export function BuyerMatchesPanel({ buyerId }: { buyerId: string }) {
  const { roles, user } = useSession();
  const supervisor = isSupervisor(roles);
  const [load, reload] = useStaffApi<BuyerMatchesResponse>(buyerMatchesPath(buyerId));
  return (
    <MatchesSection
      title="Biens qui correspondent"
      lead="Les biens confiés par nos propriétaires qui répondent à la recherche du client, les plus proches d’abord."
    >
      <LoadGate load={load} loading="Recherche des biens qui correspondent…" inline>
        {({ projectId, matches }) =>
          projectId === null ? (
            <p className="mt-4 text-base-content/75">
              Ce client n’a pas encore de projet&#8239;: aucun bien à lui rapprocher.
            </p>
          ) : matches.length === 0 ? (
            <p className="mt-4 text-base-content/75">
              Aucun bien de nos propriétaires ne correspond pour l’instant à cette recherche. Chaque
              nouveau bien y est comparé dès son arrivée.
            </p>
          ) : (
            <ul className="mt-4 space-y-3">
              {matches.map((m) => {
                const place = `${cityName(m.city)} · ${
                  m.price === null ? 'prix à estimer' : formatEuro(m.price)
                }`;
                return (
                  <MatchItem key={m.leadId} title={place} score={m.score} reasons={m.reasons}>
                    <ProposeButton
                      buyerId={buyerId}
                      leadId={m.leadId}
                      proposedAt={m.proposedAt}
                      answer={m.answer}
                      what={`(${place})`}
                      onProposed={reload}
                    />
                    {supervisor || (user && m.assignedTo === user._id) ? (
                      <Link href={staffPaths.lead(m.leadId)} className="link text-sm">
                        Fiche du propriétaire<span className="sr-only"> ({place})</span>
                      </Link>
                    ) : (
                      <span className="text-sm text-base-content/75">
                        {m.assignedTo === null
                          ? 'Propriétaire pas encore attribué'
                          : 'Propriétaire suivi par un autre chasseur'}
                      </span>
                    )}
                  </MatchItem>
                );
              })}
            </ul>
          )
        }
      </LoadGate>
    </MatchesSection>
  );
}

/**
 * « Acquéreurs intéressés » on the owner lead's fiche (issue 31): the buyers whose project this
 * property fits (a hunter: their own buyers), best first, with their reasons, a link to each
 * fiche acquéreur, and « Proposer au client » for each. Kept on the device with the fiche.
 */
export function LeadMatchesPanel({ leadId }: { leadId: number }) {
  const { roles } = useSession();
  const supervisor = isSupervisor(roles);
  const [load, reload] = useStaffApi<LeadMatchesResponse>(leadMatchesPath(leadId));
  return (
    <MatchesSection
      title="Acquéreurs intéressés"
      lead={
        supervisor
          ? 'Les acquéreurs dont la recherche correspond à ce bien, les plus proches d’abord.'
          : 'Vos acquéreurs dont la recherche correspond à ce bien, les plus proches d’abord.'
      }
    >
      <LoadGate load={load} loading="Recherche des acquéreurs intéressés…" inline>
        {({ matches }) =>
          matches.length === 0 ? (
            <p className="mt-4 text-base-content/75">
              {supervisor
                ? 'Aucun acquéreur ne recherche pour l’instant un bien comme celui-ci.'
                : 'Aucun de vos acquéreurs ne recherche pour l’instant un bien comme celui-ci.'}
            </p>
          ) : (
            <ul className="mt-4 space-y-3">
              {matches.map((m) => {
                const name = m.clientName || 'Client';
                return (
                  <MatchItem
                    key={m.projectId}
                    title={
                      <Link href={staffPaths.buyer(m.buyerId)} className="link">
                        {name}
                      </Link>
                    }
                    score={m.score}
                    reasons={m.reasons}
                  >
                    <ProposeButton
                      buyerId={m.buyerId}
                      leadId={leadId}
                      proposedAt={m.proposedAt}
                      answer={m.answer}
                      what={`à ${name}`}
                      onProposed={reload}
                    />
                  </MatchItem>
                );
              })}
            </ul>
          )
        }
      </LoadGate>
    </MatchesSection>
  );
}
