import { telHref } from '../../../domain/phone';
import { cityName } from '../../../domain/arrondissements';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { documentKindLabel, isDocumentKind } from '../../../domain/client-documents';
import { departmentLabel } from '../../../domain/departments';
import { formatEuro } from '../../../domain/format';
import { formatDayDateTime, isDueToday } from '../../../domain/french-date';
import { criteriaSeenPath, type Whose } from '../../../domain/api/today';
import { HUNTER_REMINDER_HOURS, MANAGER_REMINDER_HOURS } from '../../../domain/api/routing';
import { hasAnyRole, Role } from '../../../domain/roles';
import type { TodayTask } from '../../../domain/api/tasks';
import type { TodayLead, TodayProject, TodayView } from '../../../domain/staff-views';
import { notify } from '../../../lib/toast';
import { PersonCard } from '../../../ui/person-card';
import { useSession } from '../../auth';
import { Callback, HunterName } from '../components/callback';
import { offlineSince } from '../../../db/use-cached-api';
import { LoadGate } from '../../../ui/load-gate';
import { NewReportButton } from '../components/new-report-button';
import { ClaimList, pastReminder } from '../components/routing-parts';
import { PushOptIn } from '../../push';
import { TodayVisits } from '../components/planned-visits-today';
import { isSupervisor, StaffFrame } from '../components/staff-frame';
import { OpenTask, sendTaskTick, useMinuteClock, usePendingTicks } from '../components/tasks-panel';
import { staffChange, useStaffApi } from '../staff-api';
import { staffPaths } from '../staff-paths';

/** One of the day's lists: its title with a count, its items, or what says none. */
function DayList({
  id,
  title,
  count,
  none,
  children,
  className,
}: {
  id: string;
  title: string;
  count: number;
  none: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title} <span className="badge badge-neutral align-middle">{count}</span>
      </h2>
      {count === 0 ? (
        <p className="mt-3 text-base-content/75">{none}</p>
      ) : (
        <ul className="mt-4 space-y-3">{children}</ul>
      )}
    </section>
  );
}

/** A person to call: their fiche, the 48-hour deadline, what they asked, the phone, the hunter. */
function CallItem({
  href,
  kind,
  call: { firstname, lastname, createdAt, phone, hunterName },
  children,
}: {
  href: string;
  kind?: string;
  call: {
    firstname: string;
    lastname: string;
    createdAt: string;
    phone: string;
    hunterName: string | null;
  };
  children: ReactNode;
}) {
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4">
      {kind ? <p className="text-sm text-base-content/75">{kind}</p> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link href={href} className="link link-primary font-semibold">
          {firstname} {lastname}
        </Link>
        <Callback createdAt={createdAt} />
      </div>
      {children}
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {phone.trim() ? (
          <a href={telHref(phone)} className="link">
            {phone}
          </a>
        ) : null}
        <HunterName name={hunterName} />
      </p>
    </li>
  );
}

/** What a buyer asked: where and for how much. */
const ProjectAsk = ({ project }: { project: TodayProject }) => (
  <p className="mt-1 text-sm text-base-content/80">
    {project.departments.map(departmentLabel).join(', ')} · {formatEuro(project.budget)}
  </p>
);

/** Where an owner's property is. */
const LeadAsk = ({ lead }: { lead: TodayLead }) =>
  lead.city ? <p className="mt-1 text-sm text-base-content/80">{cityName(lead.city)}</p> : null;

/** Whose item it is, for supervisors (the team's day): the hunter, or « Non attribué ». */
function WhoseItem({ whose, show }: { whose: Whose; show: boolean }) {
  if (!show) return null;
  return <HunterName name={whose.hunterName} />;
}

/** An item of « À traiter »: the client (their fiche), what waits, since when, whose. */
function WaitingItem({
  href,
  name,
  testId,
  children,
  action,
}: {
  href: string;
  name: string;
  testId: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4" data-testid={testId}>
      <Link href={href} className="link link-primary font-semibold">
        {name}
      </Link>
      <div className="mt-1 space-y-1 text-sm">{children}</div>
      {action ? <div className="mt-2">{action}</div> : null}
    </li>
  );
}

/** « Vu »: the client's criteria edit leaves the day (the fiche's history keeps who saw it). */
function SeenButton({
  userId,
  name,
  onSeen,
}: {
  userId: string;
  name: string;
  onSeen: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void staffChange(criteriaSeenPath(userId), 'POST').then((done) => {
          setBusy(false);
          if (done.ok) onSeen();
          else notify.error(done.message);
        });
      }}
    >
      Vu<span className="sr-only"> (critères de {name})</span>
    </button>
  );
}

/** The fiche of a task's record. */
const taskHref = (task: TodayTask) =>
  task.recordType === 'buyer'
    ? staffPaths.buyer(task.recordId)
    : staffPaths.lead(Number(task.recordId));

type DueItem =
  | { kind: 'task'; at: string; task: TodayTask }
  | { kind: 'buyer'; at: string; project: TodayProject }
  | { kind: 'owner'; at: string; lead: TodayLead };

/**
 * « Aujourd’hui », the back office's landing: the day of the signed-in hunter, or of the team for
 * supervisors (issue 29). First what is overdue or due today (tasks and 48-hour callbacks, the
 * oldest first, each with its full date), the day's visits, then what waits for the staff
 * (unread messages, documents to check, criteria a client changed), then the new requests to call
 * back later. Each item opens its fiche. Issue 31: a new record not contacted after the reminders'
 * delay (24 h for its hunter, 40 h for the managers) counts as overdue, and a hunter sees the
 * records to take under « Je le prends ».
 */
export function TodayScreen() {
  const [load, reload] = useStaffApi<TodayView>('/api/staff/today');
  const { user, roles } = useSession();
  const supervisor = isSupervisor(roles);
  const { ticks } = usePendingTicks(user?._id, reload);
  const now = useMinuteClock();
  const remindAfterHours = supervisor ? MANAGER_REMINDER_HOURS : HUNTER_REMINDER_HOURS;
  return (
    <StaffFrame
      title="Aujourd’hui"
      lead={
        supervisor
          ? 'La journée de l’équipe\u00a0: ce qui est en retard ou pour aujourd’hui d’abord (tâches, rappels sous 48\u00a0heures), puis les visites, les messages, les documents et les critères des clients\u202f; chaque élément dit à qui il revient.'
          : 'Votre journée\u00a0: ce qui est en retard ou pour aujourd’hui d’abord (tâches, rappels sous 48\u00a0heures), puis vos visites, les messages, les documents et les critères de vos clients.'
      }
      actions={
        <>
          <PushOptIn compact />
          <NewReportButton />
        </>
      }
      updatedAt={offlineSince(load)}
    >
      <LoadGate load={load} loading="Chargement de la journée…">
        {(today) => {
          // Answers kept on the device before issue 29 lack the new lists.
          const tasks = today.tasks ?? [];
          const messages = today.messages ?? [];
          const documents = today.documents ?? [];
          const criteria = today.criteria ?? [];
          // Overdue too (issue 31): what the reminders chased, not contacted 24 h after arriving
          // (the hunter's), 40 h (the managers').
          const reminded = (call: { createdAt: string }) =>
            pastReminder(call.createdAt, supervisor, now);
          const isDue = (call: { createdAt: string; deadline: string }) =>
            isDueToday(call.deadline, now) || reminded(call);
          const due: DueItem[] = [
            ...tasks.map((task) => ({ kind: 'task' as const, at: task.dueAt, task })),
            ...today.projects
              .filter(isDue)
              .map((project) => ({ kind: 'buyer' as const, at: project.deadline, project })),
            ...today.leads
              .filter(isDue)
              .map((lead) => ({ kind: 'owner' as const, at: lead.deadline, lead })),
          ].sort((a, b) => a.at.localeCompare(b.at));
          const laterProjects = today.projects.filter((p) => !isDue(p));
          const laterLeads = today.leads.filter((l) => !isDue(l));
          const remindedWords = (call: { createdAt: string }) =>
            reminded(call) ? ` · pas contacté depuis plus de ${remindAfterHours}\u00a0heures` : '';
          const empty =
            due.length === 0 &&
            today.visits.length === 0 &&
            messages.length + documents.length + criteria.length === 0 &&
            laterProjects.length + laterLeads.length === 0;
          return (
            <div className="space-y-10">
              {empty ? (
                <p className="alert" role="status" data-testid="today-empty">
                  Rien pour aujourd’hui&nbsp;: aucune tâche, aucun rappel, aucune visite, aucun
                  message ni document en attente.
                </p>
              ) : null}
              <DayList
                id="today-due"
                title="En retard ou pour aujourd’hui"
                count={due.length}
                none="Rien en retard, rien d’autre à faire avant ce soir."
              >
                {due.map((item) =>
                  item.kind === 'task' ? (
                    <OpenTask
                      key={`task-${item.task.id}`}
                      task={item.task}
                      tick={ticks.get(item.task.id)}
                      userId={user?._id}
                      now={now}
                      onTick={(task, done) => sendTaskTick(task.id, done, user?._id, reload)}
                    >
                      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 pl-9 text-sm">
                        <span>
                          Tâche ·{' '}
                          <Link href={taskHref(item.task)} className="link link-primary">
                            {item.task.recordName}
                          </Link>
                        </span>
                        {/* OpenTask says « Pour … » when someone else must do it. */}
                        {supervisor && !item.task.assigneeName ? <HunterName name={null} /> : null}
                      </p>
                    </OpenTask>
                  ) : item.kind === 'buyer' ? (
                    <CallItem
                      key={`buyer-${item.project.projectId}`}
                      kind={`Acquéreur à rappeler${remindedWords(item.project)}`}
                      href={staffPaths.buyer(item.project.userId)}
                      call={item.project}
                    >
                      <ProjectAsk project={item.project} />
                    </CallItem>
                  ) : (
                    <CallItem
                      key={`owner-${item.lead.id}`}
                      kind={`Propriétaire à rappeler${remindedWords(item.lead)}`}
                      href={staffPaths.lead(item.lead.id)}
                      call={item.lead}
                    >
                      <LeadAsk lead={item.lead} />
                    </CallItem>
                  ),
                )}
              </DayList>
              {/* Rule « Je le prends »: the records a hunter may take, when there are. */}
              {!supervisor && hasAnyRole(roles, [Role.CHASSEUR]) ? <ClaimList hideEmpty /> : null}
              <TodayVisits visits={today.visits} />
              <div className="grid gap-8 lg:grid-cols-3">
                <DayList
                  id="today-messages"
                  title="Messages non lus"
                  count={messages.length}
                  none="Aucun message de client en attente."
                >
                  {messages.map((m) => (
                    <WaitingItem
                      key={m.projectId}
                      testId="today-message"
                      href={`${staffPaths.buyer(m.clientId)}#messages`}
                      name={m.clientName}
                    >
                      <p>
                        {m.count === 1 ? '1 message non lu' : `${m.count} messages non lus`}, le
                        dernier le {formatDayDateTime(m.lastAt, now)}
                      </p>
                      <p className="text-base-content/80">«&nbsp;{m.lastText}&nbsp;»</p>
                      <WhoseItem whose={m} show={supervisor} />
                    </WaitingItem>
                  ))}
                </DayList>
                <DayList
                  id="today-documents"
                  title="Documents à vérifier"
                  count={documents.length}
                  none="Aucun document en attente de vérification."
                >
                  {documents.map((d) => (
                    <WaitingItem
                      key={d.userId}
                      testId="today-document"
                      href={staffPaths.buyer(d.userId)}
                      name={d.clientName}
                    >
                      <p>
                        {d.kinds.length === 1
                          ? '1 document à vérifier'
                          : `${d.kinds.length} documents à vérifier`}
                        &nbsp;:{' '}
                        {d.kinds
                          .map((k) => (isDocumentKind(k) ? documentKindLabel(k) : k))
                          .join(', ')}
                      </p>
                      <p className="text-base-content/80">
                        Envoyé le {formatDayDateTime(d.since, now)}
                      </p>
                      <WhoseItem whose={d} show={supervisor} />
                    </WaitingItem>
                  ))}
                </DayList>
                <DayList
                  id="today-criteria"
                  title="Critères modifiés par les clients"
                  count={criteria.length}
                  none="Aucun client n’a changé sa recherche depuis votre dernier passage."
                >
                  {criteria.map((e) => (
                    <WaitingItem
                      key={e.userId}
                      testId="today-criteria"
                      href={`${staffPaths.buyer(e.userId)}${e.projectId === null ? '' : `#projet-${e.projectId}`}`}
                      name={e.clientName}
                      action={<SeenButton userId={e.userId} name={e.clientName} onSeen={reload} />}
                    >
                      <p>Recherche modifiée le {formatDayDateTime(e.at, now)}</p>
                      <WhoseItem whose={e} show={supervisor} />
                    </WaitingItem>
                  ))}
                </DayList>
              </div>
              <div className="grid gap-8 lg:grid-cols-2">
                <DayList
                  id="today-buyers"
                  title="Acquéreurs à rappeler"
                  count={laterProjects.length}
                  none="Aucun autre nouveau projet en attente."
                >
                  {laterProjects.map((p) => (
                    <CallItem key={p.projectId} href={staffPaths.buyer(p.userId)} call={p}>
                      <ProjectAsk project={p} />
                    </CallItem>
                  ))}
                </DayList>
                <DayList
                  id="today-owners"
                  title="Propriétaires à rappeler"
                  count={laterLeads.length}
                  none="Aucun autre propriétaire en attente."
                >
                  {laterLeads.map((l) => (
                    <CallItem key={l.id} href={staffPaths.lead(l.id)} call={l}>
                      <LeadAsk lead={l} />
                    </CallItem>
                  ))}
                </DayList>
              </div>
            </div>
          );
        }}
      </LoadGate>
      <div className="mt-12 max-w-md">
        {user ? <PersonCard person={user} roles={roles} /> : null}
      </div>
    </StaffFrame>
  );
}
