/** The back office's addresses (spec 2.1: /wh-dashboard), below one area route. */
export const STAFF_BASE = '/wh-dashboard';

export const staffPaths = {
  today: STAFF_BASE,
  buyers: `${STAFF_BASE}/acquereurs`,
  buyer: (userId: string) => `${STAFF_BASE}/acquereurs/${encodeURIComponent(userId)}`,
  pipeline: `${STAFF_BASE}/pipeline`,
  leads: `${STAFF_BASE}/proprietaires`,
  lead: (id: number) => `${STAFF_BASE}/proprietaires/${id}`,
  figures: `${STAFF_BASE}/chiffres`,
  users: `${STAFF_BASE}/utilisateurs`,
  mails: `${STAFF_BASE}/courriels`,
  /** The registre des mandats (issue 30): directeur, admin, manager. */
  mandateRegister: `${STAFF_BASE}/registre-des-mandats`,
  /** « Conservation des données » (issue 31): the retention pass, for the admin. */
  retention: `${STAFF_BASE}/conservation`,
  /** « Attribution des contacts » (issue 31): the routing rule, the hunters' departments, « Je le prends ». */
  routing: `${STAFF_BASE}/attribution`,
  /** The signed-in person's notifications (issue 31: the reminders). */
  notifications: `${STAFF_BASE}/notifications`,
  /** A new visit report for the buyer, from a planned visit (prefilled) or not (issue 28). */
  newReport: (userId: string, visitId?: number) =>
    `${STAFF_BASE}/acquereurs/${encodeURIComponent(userId)}/compte-rendu${
      visitId === undefined ? '' : `?visite=${visitId}`
    }`,
  /** A report being written on this device, by its device id (issue 28). */
  report: (ref: string) => `${STAFF_BASE}/comptes-rendus/${ref}`,
};

/** An API path with its query, leaving out empty values: '/api/staff/buyers?q=dupont&page=2'. */
export function withQuery(path: string, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
