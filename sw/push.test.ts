import { describe, expect, it } from 'vitest';
import { notificationOf, readPushData, sameOriginUrl, windowFor } from './push';

const origin = 'https://www.chassimmo.fr';

describe('the push notification', () => {
  it('shows the message’s title, text, tag and page, with the app’s icon', () => {
    const shown = notificationOf(
      {
        title: 'Nouveau message de Karim',
        body: 'La visite de samedi est confirmée.',
        url: '/dashboard#messages',
        tag: 'conversation-12',
      },
      origin,
    );
    expect(shown).toEqual({
      title: 'Nouveau message de Karim',
      options: {
        body: 'La visite de samedi est confirmée.',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: 'fr',
        data: { url: 'https://www.chassimmo.fr/dashboard#messages' },
        tag: 'conversation-12',
        renotify: true,
      },
    });
  });

  it('still shows something readable for an empty or unreadable message', () => {
    for (const data of [undefined, null, 'texte', { title: '  ', body: 42 }]) {
      const shown = notificationOf(data, origin);
      expect(shown.title).toBe('Chassimmo');
      expect(shown.options.body).toBe('Du nouveau dans votre espace.');
      expect(shown.options.tag).toBeUndefined();
      expect(shown.options.data).toEqual({ url: 'https://www.chassimmo.fr/' });
    }
    expect(readPushData({ json: () => JSON.parse('pas du json') as unknown })).toBeUndefined();
    expect(readPushData(null)).toBeUndefined();
    expect(readPushData({ json: () => ({ title: 'x' }) })).toEqual({ title: 'x' });
  });

  it('never opens another site', () => {
    expect(sameOriginUrl('https://attaquant.fr/piege', origin)).toBe(`${origin}/`);
    expect(sameOriginUrl('//attaquant.fr/piege', origin)).toBe(`${origin}/`);
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBe(`${origin}/`);
    expect(sameOriginUrl('/espace-gestion', origin)).toBe(`${origin}/espace-gestion`);
    expect(notificationOf({ url: 'https://attaquant.fr' }, origin).options.data).toEqual({
      url: `${origin}/`,
    });
  });
});

describe('the window a click brings forward', () => {
  const target = `${origin}/dashboard#messages`;

  it('is one already on that page, else one of the app sent there, else none', () => {
    const onPage = { url: `${origin}/dashboard`, id: 1 };
    const elsewhere = { url: `${origin}/espace-gestion`, id: 2 };
    const other = { url: 'https://ailleurs.fr/dashboard', id: 3 };
    expect(windowFor([elsewhere, onPage], target, origin)).toEqual({
      window: onPage,
      navigate: true,
    });
    expect(windowFor([{ url: target, id: 4 }], target, origin)).toEqual({
      window: { url: target, id: 4 },
      navigate: false,
    });
    expect(windowFor([other, elsewhere], target, origin)).toEqual({
      window: elsewhere,
      navigate: true,
    });
    expect(windowFor([other], target, origin)).toBeUndefined();
    expect(windowFor([], target, origin)).toBeUndefined();
  });
});
