import { Island } from '../../../lib/island';
import { OwnerQuestionnaire } from '../components/owner-questionnaire';

/** The page is one island (src/lib/island.tsx): the whole form is for a person to touch. */
export default function OwnerQuestionnairePage() {
  return <Island name="owner-questionnaire" of={OwnerQuestionnaire} />;
}
