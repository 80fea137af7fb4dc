/**
 * What a flow tells the person when the device does not keep their answers (issue 6, storage):
 * a full device, or a browser that refuses (private browsing, storage blocked). The answers stay
 * on screen either way. `task` names what is being filled in, with its article: 'le
 * questionnaire', 'l’inscription'. A no-break space keeps each colon on its word's line.
 */
export function storageNotice(problem: 'full' | 'refused', task: string): string {
  return problem === 'full'
    ? `L’espace de stockage de votre appareil est plein\u00a0: vos réponses ne sont plus enregistrées sur l’appareil. Terminez ${task} sans fermer la page, ou libérez de l’espace puis continuez.`
    : `Ce navigateur n’autorise pas l’enregistrement de vos réponses sur l’appareil\u00a0: terminez ${task} sans fermer la page.`;
}
