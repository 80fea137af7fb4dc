/**
 * The notice of a draft just loaded from another device's copy (issue 33): the link's page
 * (/{page}/reprendre/{token}) loads the copy into this device's draft, leaves it here, and opens
 * the form's own page, whose first opening says it (« Reprise de votre saisie du … »).
 */
let pending: string | undefined;

export function handOffResumeNotice(notice: string): void {
  pending = notice;
}

/** The notice left for the form opening now, once. */
export function takeResumeNotice(): string | undefined {
  const notice = pending;
  pending = undefined;
  return notice;
}
