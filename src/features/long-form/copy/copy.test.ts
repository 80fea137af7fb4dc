// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../../db/database';
import { adoptDraftCopy, readDraft, setDraftCopyToken } from '../../../db/drafts.repo';
import { flowDraft } from '../draft';
import { copyBody, draftsDiffer, emailAnswer } from './copy-api';
import { resumeNotice } from './resume-notice';

const TOKEN = 'a'.repeat(43);
const buyer = flowDraft('buyer');

/** The requests the page made, and the answer each one gets. */
let requests: { method: string; path: string; body: unknown; key: string | null }[] = [];
let answer: (path: string) => Response = () => Response.json({ expiresAt: '2026-12-06' });

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await appDb.drafts.clear();
  requests = [];
  answer = () => Response.json({ expiresAt: '2026-12-06T00:00:00.000Z' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const path = new URL(request.url).pathname;
    requests.push({
      method: request.method,
      path,
      body: text ? JSON.parse(text) : null,
      key: request.headers.get('Idempotency-Key'),
    });
    return answer(path);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the copy of a draft (issue 33)', () => {
  it('never puts a password or its confirmation in the body, at any depth', () => {
    const body = copyBody({
      step: 16,
      idempotencyKey: 'key-12345',
      answers: {
        user: { email: 'a@exemple.fr', password: 'Secret123!', passwordConfirm: 'Secret123!' },
        password: 'x',
        budget: 300000,
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|Secret123/i);
    expect(body).toEqual({
      step: 16,
      idempotencyKey: 'key-12345',
      answers: { user: { email: 'a@exemple.fr' }, budget: 300000 },
    });
  });

  it('follows each step change with a PUT of the step and answers, without secrets', async () => {
    await buyer.save({ step: 2, answers: { personCount: 2 } });
    expect(requests).toEqual([]); // no copy yet: nothing sent
    await setDraftCopyToken('buyer', TOKEN);

    await buyer.save({ answers: { password: 'Secret123!', email: 'a@exemple.fr' } });
    expect(requests).toEqual([]); // an answer alone is not a step change
    await buyer.save({ step: 3 });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const [put] = requests;
    expect(put).toMatchObject({
      method: 'PUT',
      path: `/api/form-copies/${TOKEN}`,
      body: { step: 3, answers: { personCount: 2, email: 'a@exemple.fr' } },
    });
    expect(JSON.stringify(put!.body)).not.toMatch(/password|Secret123/i);
    // Its own Idempotency-Key: the service worker's outbox keeps it when offline.
    expect(put!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((put!.body as { idempotencyKey: string }).idempotencyKey).toBe(
      (await readDraft('buyer'))!.idempotencyKey,
    );
  });

  it('sends the step changes in order, the last step reached last', async () => {
    await buyer.save({ step: 2, answers: { personCount: 1 } });
    await setDraftCopyToken('buyer', TOKEN);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const network = globalThis.fetch;
    let first = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      // The first PUT is slow: the next one waits for it.
      if (first) {
        first = false;
        await held;
      }
      return network(input, init);
    });
    await buyer.save({ step: 3 });
    await buyer.save({ step: 4 });
    release();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((r) => (r.body as { step: number }).step)).toEqual([3, 4]);
  });

  it('keeps the copy’s token through later saves', async () => {
    await buyer.save({ step: 2, answers: { personCount: 1 } });
    await setDraftCopyToken('buyer', TOKEN);
    await buyer.save({ step: 4, answers: { searchGoal: 'residence_principale' } });
    await buyer.save({ answers: { personCount: 3 } });
    expect((await readDraft('buyer'))?.copyToken).toBe(TOKEN);
  });

  it('loads another device’s copy with its key and token, and no password', async () => {
    await adoptDraftCopy('buyer', {
      step: 9,
      answers: { personCount: 2, password: 'x' },
      idempotencyKey: 'shared-key-1',
      token: TOKEN,
    });
    expect(await readDraft('buyer')).toMatchObject({
      step: 9,
      answers: { personCount: 2 },
      idempotencyKey: 'shared-key-1',
      copyToken: TOKEN,
    });
  });

  it('tells the page the form was sent elsewhere (410) and clears the draft', async () => {
    await buyer.save({ step: 5, answers: { personCount: 1 } });
    await setDraftCopyToken('buyer', TOKEN);
    answer = () =>
      Response.json({ sent: true, sentAt: '2026-11-22T13:05:00.000Z' }, { status: 410 });
    expect(await buyer.read()).toBe('sent');
    expect(await readDraft('buyer')).toBeUndefined();
  });

  it('opens the draft as it is when the copy cannot be reached', async () => {
    await buyer.save({ step: 5, answers: { personCount: 1 } });
    await setDraftCopyToken('buyer', TOKEN);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await buyer.read()).toMatchObject({ step: 5, answers: { personCount: 1 } });
  });

  it('sees a conflict only when this device holds other answers', () => {
    const copy = { answers: { personCount: 2, searchGoal: 'investissement' } };
    expect(draftsDiffer(undefined, copy)).toBe(false);
    expect(draftsDiffer({ answers: {} }, copy)).toBe(false);
    expect(draftsDiffer({ answers: { searchGoal: 'investissement', personCount: 2 } }, copy)).toBe(
      false,
    );
    // A password kept on one side only is no difference.
    expect(draftsDiffer({ answers: { ...copy.answers, password: 'x' } }, copy)).toBe(false);
    expect(draftsDiffer({ answers: { personCount: 3 } }, copy)).toBe(true);
  });

  it('prefills the e-mail with the flow’s address, wherever the flow keeps it', () => {
    expect(emailAnswer({ user: { email: 'a@exemple.fr' } })).toBe('a@exemple.fr');
    expect(emailAnswer({ contact: { phone: '06' }, email: 'b@exemple.fr' })).toBe('b@exemple.fr');
    expect(emailAnswer({ personCount: 2 })).toBe('');
  });

  it('says when the copy was saved, Paris time, as French writes it', () => {
    expect(resumeNotice('2026-11-22T13:05:00.000Z')).toBe(
      'Reprise de votre saisie du 22/11 à 14\u00a0h\u00a005',
    );
    expect(resumeNotice('2026-07-03T07:00:00.000Z')).toBe(
      'Reprise de votre saisie du 03/07 à 9\u00a0h',
    );
  });
});
