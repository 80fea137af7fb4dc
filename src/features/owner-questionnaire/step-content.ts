import { OwnerStep, type OwnerStepNumber } from '../../domain/owner-questionnaire.schema';
import { START_PICTURE_ALT, START_TITLE } from './components/start-step';

/** The title (the step's h1) and the side picture of each step (spec 2.5). */
export const stepTitles: Record<OwnerStepNumber, string> = {
  [OwnerStep.START]: START_TITLE,
  [OwnerStep.PROPERTY_TYPE]: 'À quoi correspond votre bien\u202f?',
  [OwnerStep.PROPERTY_COUNT]: 'Combien de biens souhaitez-vous vendre\u202f?',
  [OwnerStep.DEPARTMENT]: 'Dans quel secteur se trouve votre bien\u202f?',
  [OwnerStep.CITY]: 'Dans quelle ville se trouve votre bien\u202f?',
  [OwnerStep.BIEN_TYPE]: 'Quel type de bien vendez-vous\u202f?',
  [OwnerStep.STATUS]: 'Votre bien est-il ancien ou neuf\u202f?',
  [OwnerStep.SURFACE]: 'Quelle est la surface de votre bien\u202f?',
  [OwnerStep.ROOM_COUNT]: 'Combien de pièces compte votre bien\u202f?',
  [OwnerStep.BEDROOM_COUNT]: 'Combien de chambres compte votre bien\u202f?',
  [OwnerStep.VISIT_COUNT]: 'Combien de visites avez-vous déjà organisées\u202f?',
  [OwnerStep.PRICE]: 'À quel prix souhaitez-vous vendre\u202f?',
  [OwnerStep.WITH_DOC]: 'Quels documents de vente avez-vous déjà\u202f?',
  [OwnerStep.DESC]: 'Y a-t-il d’autres éléments à prendre en compte\u202f?',
  [OwnerStep.CONTACT]: 'Comment pouvons-nous vous joindre\u202f?',
  [OwnerStep.CONFIRM]: 'Merci, votre demande est bien enregistrée',
};

/** What each side picture shows, for people who do not see it. */
export const stepPictureAlts: Record<OwnerStepNumber, string> = {
  [OwnerStep.START]: START_PICTURE_ALT,
  [OwnerStep.PROPERTY_TYPE]:
    'Une maison avec un cœur pour la résidence principale, un petit immeuble avec une clé pour l’investissement locatif',
  [OwnerStep.PROPERTY_COUNT]: 'Trois petites maisons de tailles différentes alignées',
  [OwnerStep.DEPARTMENT]: 'Carte de Paris et de la petite couronne avec un repère',
  [OwnerStep.CITY]: 'Une loupe au-dessus d’une rue de ville',
  [OwnerStep.BIEN_TYPE]: 'Un immeuble, une maison et une place de stationnement',
  [OwnerStep.STATUS]: 'Une façade ancienne en pierre à côté d’un immeuble moderne en verre',
  [OwnerStep.SURFACE]: 'Un plan d’appartement et un mètre ruban',
  [OwnerStep.ROOM_COUNT]: 'Un appartement en coupe montrant ses pièces',
  [OwnerStep.BEDROOM_COUNT]: 'Un lit et une lampe de chevet allumée',
  [OwnerStep.VISIT_COUNT]: 'Deux personnes visitent un logement',
  [OwnerStep.PRICE]: 'Une étiquette de prix en euros à côté d’une maison',
  [OwnerStep.WITH_DOC]: 'Une pile de documents avec une coche de validation',
  [OwnerStep.DESC]: 'Un bloc-notes, un crayon et une bulle de dialogue',
  [OwnerStep.CONTACT]: 'Un smartphone avec une carte de contact et une enveloppe',
  [OwnerStep.CONFIRM]: 'Une enveloppe qui s’envole avec une coche de validation',
};
