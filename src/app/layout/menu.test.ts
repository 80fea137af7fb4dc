import { describe, expect, it } from 'vitest';
import { mainMenu, menuFor, targetOf } from './menu';

describe('menu model', () => {
  it('lists the spec 2.2 entries for the main brand', () => {
    expect(menuFor('main').map((i) => i.title)).toEqual([
      'Services',
      'Tarifs',
      'Découvrir',
      'Ressources',
      'homestylz',
    ]);
    const discover = mainMenu.find((i) => i.id === 'decouvrir');
    expect(discover?.children?.map(targetOf)).toEqual([
      '/information-entreprise',
      '/nous-rejoindre',
      '/partenariat',
      '/questions-proprietaire',
      '/contact',
    ]);
  });

  it('keeps Ressources disabled with external links', () => {
    const resources = mainMenu.find((i) => i.id === 'ressources');
    expect(resources?.disabled).toBe(true);
    expect(resources?.children?.every((c) => c.href?.startsWith('https://'))).toBe(true);
  });

  it('leads Tarifs to the fee scale fragment', () => {
    expect(targetOf(menuFor('main')[1]!)).toBe('/tarifs#tarifs');
    expect(menuFor('homestylz').find((i) => i.id === 'tarifs')?.fragment).toBe('tarifs');
  });

  it('shows inspirations and realisations disabled for homestylz', () => {
    const disabled = menuFor('homestylz')
      .filter((i) => i.disabled)
      .map((i) => i.id);
    expect(disabled).toEqual(['inspirations', 'realisations']);
  });

  it('links each brand to the other', () => {
    expect(menuFor('main').at(-1)?.path).toBe('/homestylz');
    expect(menuFor('homestylz').at(-1)?.path).toBe('/');
  });
});
