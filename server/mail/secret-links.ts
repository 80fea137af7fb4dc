import { MASKED_LINK } from '../../src/domain/api/mails';

/**
 * The links of a mail that open somebody's account (issue 29): an activation or a password-reset
 * link carries a one-time code, and whoever holds it acts as the person. They are masked when a
 * mail is read from the queue (« Courriels ») and, in production, in the copy kept once it is
 * delivered (MailWorker), so that the queue never hands them out again.
 */

const LINK = /https?:\/\/[^\s<>"')\]]+/g;
/**
 * The pages whose link carries a one-time code that opens the account (account-links.ts), or
 * the token that opens a form's copy (`/{page}/reprendre/{token}`, issue 33).
 */
const SECRET_PAGES = /^\/(activation|reinitialiser-mot-de-passe)\/|\/reprendre\//;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a link may carry a secret: a page of SECRET_PAGES, or any part of it (path segment,
 * query value, fragment) that looks like a random code: 32 characters or more of base64url
 * mixing capitals, small letters and digits (a word-made address is lower case; an account's
 * UUID is no secret). A link that cannot be read is masked too.
 */
export function isSecretLink(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link.replace(/&amp;/g, '&'));
  } catch {
    return true;
  }
  if (SECRET_PAGES.test(url.pathname)) return true;
  const parts = [
    ...url.pathname.split('/'),
    ...Array.from(url.searchParams, ([, value]) => value),
    url.hash.slice(1),
  ];
  return parts.some(
    (part) =>
      !UUID.test(part) &&
      /[A-Za-z0-9_-]{32,}/.test(part) &&
      /[A-Z]/.test(part) &&
      /[a-z]/.test(part) &&
      /\d/.test(part),
  );
}

/** The text (or HTML) with its secret links replaced by MASKED_LINK, and how many there were. */
export function maskSecretLinks(text: string): { text: string; masked: number } {
  let masked = 0;
  const out = text.replace(LINK, (link) => {
    if (!isSecretLink(link)) return link;
    masked += 1;
    return MASKED_LINK;
  });
  return { text: out, masked };
}

/** A mail's bodies without their secret links. */
export const withoutSecretLinks = (mail: { text: string; html: string }) => ({
  text: maskSecretLinks(mail.text).text,
  html: maskSecretLinks(mail.html).text,
});
