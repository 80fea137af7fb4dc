/**
 * The DPE's two labels on the 2021 scale (arrêté du 31 mars 2021 relatif aux méthodes et
 * procédures applicables au diagnostic de performance énergétique, annexe: « étiquette
 * énergie » and « étiquette climat »), the one place their thresholds are written. docs/legal.md
 * names the texts.
 *
 * - The energy label (« étiquette énergie », the class the law and the ads quote as « classe
 *   DPE ») has a double threshold: the primary energy use (kWh/m²/an) and the greenhouse gas
 *   emissions (kg CO₂/m²/an) each give a class, and the home takes the worse of the two.
 * - The climate label (« étiquette climat », GES) comes from the emissions alone.
 *
 * A value equal to a class's upper bound is in that class (70 kWh/m²/an is A, 70.1 is B). The
 * thresholds adjusted for homes under 40 m² (arrêté du 25 mars 2024, from 1 July 2024) are not
 * applied: a hunter copies the classes printed on the seller's DPE when there is one.
 */

export const energyClasses = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof energyClasses)[number];

/** Upper bound of classes A to F, in kWh of primary energy per m² and per year; G above. */
export const ENERGY_UPPER_BOUNDS = [70, 110, 180, 250, 330, 420] as const;
/** Upper bound of classes A to F, in kg CO₂ equivalent per m² and per year; G above. */
export const EMISSIONS_UPPER_BOUNDS = [6, 11, 30, 50, 70, 100] as const;

function classOf(value: number, bounds: readonly number[]): EnergyClass {
  const index = bounds.findIndex((upper) => value <= upper);
  return energyClasses[index === -1 ? bounds.length : index] ?? 'G';
}

const worse = (a: EnergyClass, b: EnergyClass): EnergyClass =>
  energyClasses.indexOf(a) >= energyClasses.indexOf(b) ? a : b;

/** The climate label (GES) of a home emitting `emissions` kg CO₂/m²/an. */
export function climateClass(emissions: number): EnergyClass {
  return classOf(emissions, EMISSIONS_UPPER_BOUNDS);
}

/** The energy label (« classe DPE ») of a home: the worse of its energy and emissions classes. */
export function energyClass(energy: number, emissions: number): EnergyClass {
  return worse(classOf(energy, ENERGY_UPPER_BOUNDS), climateClass(emissions));
}

/** What a class covers, in words, as the label prints it beside its bar (« 71 à 110 »). */
export function classRange(
  klass: EnergyClass,
  bounds: readonly number[],
): { from: number | null; to: number | null } {
  const index = energyClasses.indexOf(klass);
  return {
    from: index === 0 ? null : (bounds[index - 1] ?? null),
    to: index === bounds.length ? null : (bounds[index] ?? null),
  };
}

/**
 * The colours of the regulatory labels' bars, A to G: greens to red for energy, light to dark
 * blue-violet for climate. The text drawn on each bar is the one with enough contrast.
 */
export const ENERGY_COLOURS: Record<EnergyClass, { bar: string; text: '#000' | '#fff' }> = {
  A: { bar: '#009c6d', text: '#000' },
  B: { bar: '#52b153', text: '#000' },
  C: { bar: '#78bd76', text: '#000' },
  D: { bar: '#f4e70f', text: '#000' },
  E: { bar: '#f0b40f', text: '#000' },
  F: { bar: '#eb8235', text: '#000' },
  G: { bar: '#d7221f', text: '#fff' },
};
export const CLIMATE_COLOURS: Record<EnergyClass, { bar: string; text: '#000' | '#fff' }> = {
  A: { bar: '#a4dbf8', text: '#000' },
  B: { bar: '#8cb4d3', text: '#000' },
  C: { bar: '#7792b1', text: '#000' },
  D: { bar: '#606f8f', text: '#fff' },
  E: { bar: '#4d5271', text: '#fff' },
  F: { bar: '#393551', text: '#fff' },
  G: { bar: '#281b35', text: '#fff' },
};
