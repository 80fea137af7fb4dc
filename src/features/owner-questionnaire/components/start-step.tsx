import { OWNER_QUESTIONNAIRE_MINUTES, formLengthText } from '../../../domain/form-duration';
import { EuroIcon, HandshakeIcon, ShieldIcon, SofaIcon } from '../../../ui';
import type { LongFormIntroContent } from '../../long-form';
import { QUESTION_COUNT } from '../owner-steps';
import { STEP_TITLE_ID } from './questionnaire-frame';

/** The intro's question title (spec 2.5). */
export const START_TITLE =
  'Pourquoi passer par un chasseur immobilier pour vendre votre bien\u202f?';
export const START_PICTURE_ALT =
  'Un chasseur immobilier serre la main d’un propriétaire devant un immeuble haussmannien';

/**
 * Step 1: the intro and 'C’est parti !' (spec 2.5), with the pitch of spec 1 for sellers,
 * prerendered as the page's first paint.
 */
export const ownerIntro: LongFormIntroContent = {
  titleId: STEP_TITLE_ID,
  eyebrow: 'Propriétaire vendeur',
  title: START_TITLE,
  lead: (
    <>
      Parce qu’il travaille chaque jour avec des acheteurs prêts à acheter. Décrivez votre bien en
      quelques questions&nbsp;: un chasseur immobilier vous rappelle pour en parler.
    </>
  ),
  benefits: [
    {
      icon: <ShieldIcon />,
      title: 'Des acheteurs aux dossiers vérifiés',
      text: 'Nous vous présentons des acquéreurs dont le projet et le financement ont été vérifiés au préalable.',
    },
    {
      icon: <EuroIcon />,
      title: 'Une estimation gratuite',
      text: 'Un chasseur qui connaît votre quartier estime votre bien au prix réel du marché.',
    },
    {
      icon: <SofaIcon />,
      title: 'Home staging et décoration',
      text: 'Les conseils de homestylz pour mettre votre bien en valeur avant les visites.',
    },
    {
      icon: <HandshakeIcon />,
      title: 'Aucune commission sur la vente',
      text: 'Notre accompagnement ne vous coûte rien\u00a0: vous vendez au prix convenu.',
    },
  ],
  duration: `${formLengthText(QUESTION_COUNT, OWNER_QUESTIONNAIRE_MINUTES)}. Gratuit et sans engagement.`,
  durationId: 'questionnaire-duree',
  waitingStatus: (ready) =>
    ready ? 'Chargement des questions…' : 'Chargement de vos réponses enregistrées…',
};
