import { projectTitle } from '../../../domain/project-view';
import { Conversation } from '../../messages';
import type { ClientOverview } from '../overview';
import { Messages } from './my-project';

/**
 * « Messages » (issue 29): the conversation of each project with the hunter, newest last, the
 * form to write (through the outbox offline), then the notes the hunter shared (issue 16).
 */
export function MyMessages({ userId, overview }: { userId: string; overview: ClientOverview }) {
  const several = overview.projects.length > 1;
  const hunter = overview.hunter;
  return (
    <>
      {overview.projects.length === 0 ? (
        <p className="mt-4 text-base-content/75">
          Vous pourrez écrire à votre chasseur dès que votre projet sera enregistré.
        </p>
      ) : (
        overview.projects.map((project) => (
          <div key={project.id} id={`messages-${project.id}`} className="scroll-mt-24">
            {several ? (
              <h3 className="mt-6 text-lg font-semibold">{projectTitle(project)}</h3>
            ) : null}
            <Conversation
              side="client"
              projectId={project.id}
              userId={userId}
              label={`${hunter ? `Votre message à ${hunter.firstname}` : 'Votre message'}${
                several ? ` (${projectTitle(project)})` : ''
              }`}
            />
          </div>
        ))
      )}
      {overview.messages.length > 0 ? (
        <>
          <h3 className="mt-8 text-lg font-semibold">Notes de votre chasseur</h3>
          <Messages overview={overview} />
        </>
      ) : null}
    </>
  );
}
