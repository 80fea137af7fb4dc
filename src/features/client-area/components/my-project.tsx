import { formatPhone, telHref } from '../../../domain/phone';
import { formatLongDate } from '../../../domain/dates';
import { projectTitle } from '../../../domain/project-view';
import { stageSteps, formatDateTime, type ClientOverview, type ClientProject } from '../overview';
import { visitedLabel } from './my-visits';

/** The nine stages of spec 4.7: the ones passed, dated; the current one marked as the step. */
export function StageTimeline({ project }: { project: ClientProject }) {
  const steps = stageSteps(project);
  return (
    <ol className="mt-4 space-y-0" aria-label="Étapes de votre projet" data-testid="stage-timeline">
      {steps.map((s, index) => {
        const done = s.state === 'done';
        const current = s.state === 'current';
        return (
          <li
            key={s.stage}
            aria-current={current ? 'step' : undefined}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {index < steps.length - 1 ? (
              <span
                aria-hidden="true"
                className={`absolute top-7 left-[0.8125rem] h-[calc(100%-1.75rem)] w-0.5 ${done ? 'bg-primary' : 'bg-base-300'}`}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={`z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold ${
                current
                  ? 'border-primary bg-primary text-primary-content'
                  : done
                    ? 'border-primary bg-base-100 text-primary'
                    : 'border-base-300 bg-base-100 text-base-content/75'
              }`}
            >
              {done ? '✓' : index + 1}
            </span>
            <div className="min-w-0 pt-0.5">
              <p className={current ? 'font-semibold' : done ? '' : 'text-base-content/75'}>
                {s.label}
                {current ? (
                  <span className="badge badge-primary badge-sm ml-2">Étape actuelle</span>
                ) : null}
                {done ? <span className="sr-only"> (étape passée)</span> : null}
                {s.state === 'upcoming' ? <span className="sr-only"> (à venir)</span> : null}
              </p>
              {s.at ? (
                <p className="text-sm text-base-content/75">
                  {current ? 'Depuis le ' : 'Le '}
                  <time dateTime={s.at}>{formatLongDate(s.at)}</time>
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The assigned hunter (initials in a circle for the photo), or the 48-hour promise. */
export function HunterCard({ overview }: { overview: ClientOverview }) {
  const { hunter, callbackBefore } = overview;
  if (!hunter)
    return (
      <div className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="hunter">
        <p className="font-semibold">Un chasseur vous contacte sous 48&nbsp;heures</p>
        {callbackBefore ? (
          <p className="mt-1 text-base-content/75">
            Au plus tard le <time dateTime={callbackBefore}>{formatDateTime(callbackBefore)}</time>.
          </p>
        ) : null}
      </div>
    );
  const name = `${hunter.firstname} ${hunter.lastname}`;
  return (
    <div
      className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4"
      data-testid="hunter"
    >
      <span
        role="img"
        aria-label={`Photo de ${name}`}
        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-content"
      >
        <span aria-hidden="true">{hunter.initials}</span>
      </span>
      <div className="min-w-0">
        <p className="text-sm text-base-content/75">Votre chasseur immobilier</p>
        <p className="font-semibold">{name}</p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {hunter.phone ? (
            <a href={telHref(hunter.phone)} className="link link-primary">
              {formatPhone(hunter.phone)}
            </a>
          ) : null}
          <a href={`mailto:${hunter.email}`} className="link link-primary break-all">
            {hunter.email}
          </a>
        </p>
      </div>
    </div>
  );
}

/** « Mon projet »: each project's stage timeline, who follows it, the properties visited. */
export function MyProject({
  overview,
  visited = 0,
}: {
  overview: ClientOverview;
  visited?: number;
}) {
  return (
    <>
      <div className="mt-4">
        <HunterCard overview={overview} />
      </div>
      {visited > 0 ? (
        <p className="mt-4" data-testid="visited-count">
          <a href="#mes-visites" className="link link-primary font-medium">
            {visitedLabel(visited)}
          </a>
        </p>
      ) : null}
      {overview.projects.length === 0 ? (
        <p className="mt-4 text-base-content/75">Aucun projet pour l’instant.</p>
      ) : (
        overview.projects.map((project) => (
          <article
            key={project.id}
            aria-labelledby={`client-projet-${project.id}`}
            className="mt-6"
          >
            <h3 id={`client-projet-${project.id}`} className="text-lg font-semibold">
              {projectTitle(project)}
            </h3>
            <p className="mt-1 text-base-content/75">
              Étape actuelle&nbsp;:{' '}
              <span className="font-medium text-base-content" data-testid="project-stage">
                {project.stageLabel}
              </span>
            </p>
            <StageTimeline project={project} />
          </article>
        ))
      )}
    </>
  );
}

/** « Messages »: the notes the hunter marked visible to the client, newest first. */
export function Messages({ overview }: { overview: ClientOverview }) {
  if (overview.messages.length === 0)
    return (
      <p className="mt-4 text-base-content/75">
        Aucun message pour l’instant. Votre chasseur vous écrira ici.
      </p>
    );
  return (
    <ul className="mt-4 space-y-3">
      {overview.messages.map((m) => (
        <li key={m.id} className="rounded-box bg-base-100 p-4" data-testid="client-message">
          <p className="text-sm text-base-content/75">
            {m.authorFirstname ?? 'Votre chasseur'}, le{' '}
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          </p>
          <p className="mt-1 whitespace-pre-line">{m.text}</p>
        </li>
      ))}
    </ul>
  );
}
