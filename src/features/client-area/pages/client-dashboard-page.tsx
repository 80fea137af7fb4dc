import type { ReactNode } from 'react';
import { company } from '../../../domain/company';
import { formatUpdatedAt } from '../../../domain/dates';
import { useCachedApi } from '../../../db/use-cached-api';
import { AccountPage } from '../../../ui/account-page';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';
import { MyMandate } from '../../mandates';
import { PushOptIn } from '../../push';
import { OfflineNotice } from '../../../ui/offline-notice';
import { MyAccount } from '../components/my-account';
import { MyCriteria } from '../components/my-criteria';
import { MyDocuments } from '../components/my-documents';
import { MyMessages } from '../components/my-messages';
import { MyProject } from '../components/my-project';
import { MyProposals } from '../components/my-proposals';
import { MyOrders } from '../components/my-orders';
import { MyVisits, useClientVisits } from '../components/my-visits';
import { OVERVIEW_PATH, type ClientOverview } from '../overview';

/** The area's sections, in the page's order: the in-page navigation links to them. */
const sections = [
  { id: 'mon-projet', label: 'Mon projet' },
  { id: 'mon-mandat', label: 'Mon mandat' },
  { id: 'biens-proposes', label: 'Biens proposés' },
  { id: 'mes-visites', label: 'Mes visites' },
  { id: 'mes-criteres', label: 'Mes critères' },
  { id: 'mes-documents', label: 'Mes documents' },
  { id: 'messages', label: 'Messages' },
  { id: 'mes-commandes', label: 'Mes commandes' },
  { id: 'mon-compte', label: 'Mon compte' },
] as const;
type SectionId = (typeof sections)[number]['id'];

function Section({
  id,
  children,
  srOnlyTitle = false,
}: {
  id: SectionId;
  children: ReactNode;
  /** The section's content names itself visibly (« Mes commandes homestylz »). */
  srOnlyTitle?: boolean;
}) {
  const label = sections.find((s) => s.id === id)?.label ?? '';
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titre`}
      className="scroll-mt-24 rounded-box border border-base-300 bg-base-200/50 p-5 sm:p-8"
    >
      <h2 id={`${id}-titre`} className={srOnlyTitle ? 'sr-only' : 'text-2xl font-semibold'}>
        {label}
      </h2>
      {children}
    </section>
  );
}

/**
 * /dashboard, client only (spec 6, issue 16): the buyer's project (stage timeline, hunter),
 * the search and its edit, the documents, the hunter's messages, the orders and the account.
 * Readable offline after one visit: the overview is kept on the device, with its date.
 */
export default function ClientDashboardPage() {
  const { user } = useSession();
  const userId = user?._id;
  const [load, reload] = useCachedApi<ClientOverview>(userId, OVERVIEW_PATH);
  const [visits, reloadVisits] = useClientVisits(userId);
  if (!user || !userId) return null;
  const overview = load.status === 'ready' ? load.data : null;
  const waiting = <LoadGate inline load={load} loading="Chargement de votre espace…" />;

  return (
    <AccountPage
      eyebrow="Mon Espace"
      title={`Bonjour ${user.firstname}`}
      lead={
        'Bienvenue dans votre espace client\u00a0: suivez votre projet d’achat avec votre chasseur immobilier.'
      }
      columns="lg:grid-cols-[13rem_minmax(0,1fr)]"
    >
      <nav aria-label="Sections de votre espace" className="lg:sticky lg:top-24 lg:self-start">
        <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:gap-1 lg:overflow-visible">
          {sections.map((s) => (
            <li key={s.id} className="shrink-0">
              <a href={`#${s.id}`} className="btn btn-ghost btn-sm w-full justify-start">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 space-y-8">
        {load.status === 'ready' && load.state === 'offline' ? (
          <OfflineNotice badge={!navigator.onLine}>
            Dernière version enregistrée sur cet appareil, {formatUpdatedAt(load.fetchedAt)}.
          </OfflineNotice>
        ) : null}
        <Section id="mon-projet">
          {overview ? (
            <MyProject
              overview={overview}
              visited={visits.status === 'ready' ? visits.data.reports.length : 0}
            />
          ) : (
            waiting
          )}
        </Section>
        <Section id="mon-mandat">
          <MyMandate onChanged={reload} />
        </Section>
        <Section id="biens-proposes">
          <MyProposals userId={userId} />
        </Section>
        <Section id="mes-visites">
          <MyVisits userId={userId} load={visits} reload={reloadVisits} />
        </Section>
        <Section id="mes-criteres">
          {overview ? (
            overview.projects.length === 0 ? (
              <p className="mt-4 text-base-content/75">Aucune recherche enregistrée.</p>
            ) : (
              overview.projects.map((project) => (
                <MyCriteria
                  key={project.id}
                  userId={userId}
                  project={project}
                  headingId={`client-criteres-${project.id}`}
                  onChanged={reload}
                />
              ))
            )
          ) : (
            waiting
          )}
        </Section>
        <Section id="mes-documents">
          <MyDocuments />
        </Section>
        <Section id="messages">
          {overview ? <MyMessages userId={userId} overview={overview} /> : waiting}
        </Section>
        <Section id="mes-commandes" srOnlyTitle>
          <MyOrders />
        </Section>
        <Section id="mon-compte">
          <MyAccount />
          <div className="mt-6 border-t border-base-300 pt-6">
            <PushOptIn what="Un nouveau message de votre chasseur s’y affiche alors, même l’application fermée." />
          </div>
          <p className="mt-6 text-sm text-base-content/75">
            Une question&#8239;? Appelez-nous au{' '}
            <a href={`tel:${company.phoneE164}`} className="link link-primary">
              {company.phone}
            </a>
            .
          </p>
        </Section>
      </div>
    </AccountPage>
  );
}
