/**
 * The questionnaire's frame, shared by the intro (first chunk) and the questions (loaded on
 * start): the long forms' frame of src/ui, with this flow's title id. Nothing here imports zod
 * (see owner-steps.ts).
 */

/** The id of every step's title: focus goes there on each new step (DESIGN.md, conventions). */
export const STEP_TITLE_ID = 'questionnaire-titre';

export {
  LongFormFrame as QuestionnaireFrame,
  longFormTitleClass as titleClass,
} from '../../long-form';
