/**
 * A person's name as every screen writes it (issue 29): « Prénom Nom », the first name first,
 * in the staff area's lists and fiches as in the client area. Lists still sort by the last name
 * (the server's sort key); only the display order is one.
 */
export interface Named {
  firstname: string | null | undefined;
  lastname: string | null | undefined;
}

/** « Élodie Martin »; one part when the other is empty, '' when both are. */
export function fullName({ firstname, lastname }: Named): string {
  return [firstname, lastname]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}
