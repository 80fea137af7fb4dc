import { EuroIcon, SearchIcon, ShieldIcon, UsersIcon } from '../../../ui';
import { SIGNUP_MINUTES, formLengthText } from '../../../domain/form-duration';
import type { LongFormIntroContent } from '../../long-form';
import { QUESTION_COUNT } from '../steps';

/** The id of every step's title: focus goes there on each new step. */
export const STEP_TITLE_ID = 'inscription-titre';

/** The wizard's frame: the bar above the card, then the card with the step's picture. */
export { LongFormFrame as WizardFrame } from '../../long-form';

export const START_TITLE = 'Concrétiser votre projet immobilier';

/** Step 1 (spec 2.6): the intro and 'C’est parti !', prerendered as the page's first paint. */
export const buyerIntro: LongFormIntroContent = {
  titleId: STEP_TITLE_ID,
  eyebrow: 'Acheteur',
  title: START_TITLE,
  lead: (
    <>
      Décrivez votre projet d’achat en quelques questions et créez votre espace client&nbsp;: un
      chasseur immobilier vous contacte pour en parler.
    </>
  ),
  benefits: [
    {
      icon: <SearchIcon />,
      title: 'Un chasseur qui cherche pour vous',
      text: 'Il sélectionne les biens qui correspondent vraiment à vos critères, y compris hors marché.',
    },
    {
      icon: <ShieldIcon />,
      title: 'Des visites qualifiées',
      text: 'Vous ne visitez que des biens vérifiés, avec un compte rendu à chaque fois.',
    },
    {
      icon: <EuroIcon />,
      title: 'Le juste prix',
      text: 'Il négocie pour vous et vous accompagne jusqu’à la signature de l’acte.',
    },
    {
      icon: <UsersIcon />,
      title: 'Un interlocuteur unique',
      text: 'Un chasseur immobilier vous contacte sous 48 heures après votre inscription.',
    },
  ],
  duration: `${formLengthText(QUESTION_COUNT, SIGNUP_MINUTES)}. Gratuit.`,
};
