import { lazyPage } from '../../lib/lazy-page';

/**
 * /{page}/reprendre/{token} of both long forms (issue 33): one page, in its own chunk, which
 * loads another device's copy into this device's draft and opens the form.
 */
export const formCopyResumePages = {
  FormCopyResumePage: lazyPage(() => import('./copy/resume-page')),
};
