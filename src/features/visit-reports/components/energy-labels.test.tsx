// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EnergyClassBadge, EnergyLabels } from './energy-labels';

afterEach(cleanup);

const caption = () => screen.getByRole('figure').querySelector('figcaption')?.textContent;
const currentBar = (kind: 'energie' | 'climat') =>
  screen.getByTestId(`label-${kind}`).querySelector('[data-current]');

describe('EnergyLabels', () => {
  it('draws both labels with the home’s class and says them in words', () => {
    render(<EnergyLabels energy={245} emissions={45} />);
    const figure = screen.getByRole('figure');
    expect(figure.dataset.energyClass).toBe('D');
    expect(figure.dataset.climateClass).toBe('D');
    expect(caption()).toBe(
      'Classe énergie D\u00a0: 245\u00a0kWh/m²/an\u202f; classe climat D\u00a0: 45\u00a0kg\u00a0CO₂/m²/an',
    );
    expect(screen.getByText('Performance énergétique')).toBeTruthy();
    expect(screen.getByText('Émissions de gaz à effet de serre')).toBeTruthy();
    // Seven bars per label, the drawing hidden from screen readers.
    for (const kind of ['energie', 'climat'] as const) {
      const label = screen.getByTestId(`label-${kind}`);
      expect(label.querySelectorAll('li')).toHaveLength(7);
      expect(label.querySelector('[aria-hidden="true"] ol')).toBeTruthy();
    }
    expect(currentBar('energie')?.textContent).toContain('D');
    expect(currentBar('energie')?.textContent).toContain('245');
    expect(currentBar('energie')?.textContent).toContain('kWh/m²/an');
    expect(currentBar('energie')?.textContent).toContain('kg\u00a0CO₂/m²/an');
    expect(currentBar('climat')?.textContent).toContain('45');
    expect(screen.queryByTestId('energy-double-threshold')).toBeNull();
  });

  it('prints each class’s range as the label does', () => {
    render(<EnergyLabels energy={50} emissions={5} />);
    // The bar itself, without the callout beside the home's one.
    const barText = (kind: string) =>
      [...screen.getByTestId(`label-${kind}`).querySelectorAll('li')].map(
        (bar) => bar.firstElementChild?.textContent,
      );
    expect(barText('energie')).toEqual([
      '≤\u00a070A',
      '71 à 110B',
      '111 à 180C',
      '181 à 250D',
      '251 à 330E',
      '331 à 420F',
      '>\u00a0420G',
    ]);
    expect(barText('climat')).toEqual([
      '≤\u00a06A',
      '7 à 11B',
      '12 à 30C',
      '31 à 50D',
      '51 à 70E',
      '71 à 100F',
      '>\u00a0100G',
    ]);
  });

  it('takes the worse class when the emissions make the energy class worse (double threshold)', () => {
    render(<EnergyLabels energy={100} emissions={60} />);
    const figure = screen.getByRole('figure');
    expect(figure.dataset.energyClass).toBe('E');
    expect(figure.dataset.climateClass).toBe('E');
    expect(caption()).toBe(
      'Classe énergie E\u00a0: 100\u00a0kWh/m²/an\u202f; classe climat E\u00a0: 60\u00a0kg\u00a0CO₂/m²/an',
    );
    expect(screen.getByTestId('energy-double-threshold').textContent).toContain(
      'la consommation seule donnerait B',
    );
  });

  it('writes figures in French', () => {
    render(<EnergyLabels energy={432.5} emissions={101.25} />);
    expect(caption()).toBe(
      'Classe énergie G\u00a0: 432,5\u00a0kWh/m²/an\u202f; classe climat G\u00a0: 101,3\u00a0kg\u00a0CO₂/m²/an',
    );
  });

  it('puts a value on a bound in the class it closes', () => {
    render(<EnergyLabels energy={70} emissions={6} />);
    const figure = screen.getByRole('figure');
    expect(figure.dataset.energyClass).toBe('A');
    expect(figure.dataset.climateClass).toBe('A');
  });

  it('draws the climate label alone when the consumption is not given', () => {
    render(<EnergyLabels energy={null} emissions={52} />);
    expect(screen.queryByTestId('label-energie')).toBeNull();
    expect(screen.getByTestId('label-climat').dataset.class).toBe('E');
    expect(screen.getByText('Consommation d’énergie non communiquée.')).toBeTruthy();
    expect(caption()).toBe(
      'Consommation d’énergie non communiquée\u202f; classe climat E\u00a0: 52\u00a0kg\u00a0CO₂/m²/an',
    );
  });

  it('draws the energy label from the consumption alone when the emissions are not given', () => {
    render(<EnergyLabels energy={245} emissions={null} />);
    expect(screen.getByTestId('label-energie').dataset.class).toBe('D');
    expect(screen.queryByTestId('label-climat')).toBeNull();
    expect(screen.getByText('Non communiquées.')).toBeTruthy();
    expect(caption()).toBe(
      'Classe énergie D\u00a0: 245\u00a0kWh/m²/an\u202f; émissions de gaz à effet de serre non communiquées',
    );
    expect(currentBar('energie')?.textContent).not.toContain('CO₂');
  });

  it('says « DPE non communiqué » when neither figure is given', () => {
    render(<EnergyLabels energy={null} emissions={null} />);
    expect(screen.getByTestId('energy-labels').textContent).toBe('DPE non communiqué');
    expect(screen.queryByRole('figure')).toBeNull();
  });
});

describe('EnergyClassBadge', () => {
  it('shows the letter in its label’s colour and names it for screen readers', () => {
    render(
      <p>
        <EnergyClassBadge klass="D" kind="energie" />
        <EnergyClassBadge klass="G" kind="climat" />
      </p>,
    );
    const energy = screen.getByTestId('badge-energie');
    expect(energy.textContent).toBe('Classe énergie D');
    expect(energy.style.backgroundColor).toMatch(/#f4e70f|rgb\(244, 231, 15\)/i);
    const climate = screen.getByTestId('badge-climat');
    expect(within(climate).getByText('G')).toBeTruthy();
    expect(climate.textContent).toBe('Classe climat G');
    expect(climate.style.color).toMatch(/#fff|rgb\(255, 255, 255\)|white/i);
  });
});
