import { lazyPage } from '../../lib/lazy-page';

/**
 * The owner-seller questionnaire (spec 2.5): the intro in its own chunk (with Dexie, for the
 * draft), the questions in another (with zod), loaded on start. Neither is in the entry.
 */
export const ownerQuestionnairePages = {
  OwnerQuestionnairePage: lazyPage(() => import('./pages/owner-questionnaire-page')),
};
