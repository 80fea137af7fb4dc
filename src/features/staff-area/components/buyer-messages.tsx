import { projectTitle } from '../../../domain/project-view';
import type { BuyerFiche } from '../../../domain/staff-views';
import { useSession } from '../../auth';
import { Conversation } from '../../messages';

/**
 * « Messages » on the fiche acquéreur (issue 29): the conversation of each of the buyer's
 * projects with the client, newest last, and the form to answer (through the outbox offline).
 */
export function BuyerMessages({ fiche }: { fiche: BuyerFiche }) {
  const { user } = useSession();
  const userId = user?._id;
  if (!userId || fiche.projects.length === 0) return null;
  const name = `${fiche.user.firstname} ${fiche.user.lastname}`.trim();
  const several = fiche.projects.length > 1;
  return (
    <section
      id="messages"
      aria-labelledby="fiche-messages"
      className="scroll-mt-24 rounded-box border border-base-300 p-5"
      data-testid="buyer-messages"
    >
      <h2 id="fiche-messages" className="text-xl font-semibold">
        Messages
      </h2>
      {fiche.projects.map((project) => (
        <div key={project.id} id={`messages-${project.id}`} className="scroll-mt-24">
          {several ? <h3 className="mt-5 text-lg font-semibold">{projectTitle(project)}</h3> : null}
          <Conversation
            side="staff"
            projectId={project.id}
            userId={userId}
            label={`Message à ${name}${several ? ` (${projectTitle(project)})` : ''}`}
          />
        </div>
      ))}
    </section>
  );
}
