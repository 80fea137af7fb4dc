import type { CSSProperties } from 'react';
import {
  CLIMATE_COLOURS,
  EMISSIONS_UPPER_BOUNDS,
  ENERGY_COLOURS,
  ENERGY_UPPER_BOUNDS,
  classRange,
  climateClass,
  energyClass,
  energyClasses,
  type EnergyClass,
} from '../../../domain/energy-label';

/**
 * The two labels of a French DPE drawn the way the regulatory label shows them (arrêté du
 * 31 mars 2021, annexe): seven bars A to G growing wider, the home's class standing out with its
 * figures beside it. The classes, thresholds and colours come from src/domain/energy-label.ts.
 * The drawing is decoration: the figure's caption says everything in words.
 */

type Kind = 'energie' | 'climat';

let numberFormat: Intl.NumberFormat | undefined;
/** 245 → '245', 52.5 → '52,5' (fr-FR, built on first use). */
function formatValue(value: number): string {
  numberFormat ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  return numberFormat.format(value);
}

const ENERGY_UNIT = 'kWh/m²/an';
const EMISSIONS_UNIT = 'kg\u00a0CO₂/m²/an';
const withUnit = (value: number, unit: string) => `${formatValue(value)}\u00a0${unit}`;

const colours = { energie: ENERGY_COLOURS, climat: CLIMATE_COLOURS } as const;
const bounds = { energie: ENERGY_UPPER_BOUNDS, climat: EMISSIONS_UPPER_BOUNDS } as const;
const kindName = { energie: 'énergie', climat: 'climat' } as const;

/** What a bar prints beside its letter: « ≤ 70 », « 71 à 110 », « > 420 » (whole numbers). */
function rangeText(klass: EnergyClass, kind: Kind): string {
  const { from, to } = classRange(klass, bounds[kind]);
  if (from === null && to !== null) return `≤\u00a0${formatValue(to)}`;
  if (to === null && from !== null) return `>\u00a0${formatValue(from)}`;
  return `${formatValue((from ?? 0) + 1)} à ${formatValue(to ?? 0)}`;
}

/** One figure of the callout: the number large, its unit small below. */
function Figure({ value, unit, label }: { value: number; unit: string; label?: string }) {
  return (
    <span className="block">
      {label ? <span className="block text-[0.6875rem] leading-tight">{label}</span> : null}
      <span className="block text-lg leading-tight font-bold tabular-nums">
        {formatValue(value)}
      </span>
      <span className="block text-[0.6875rem] leading-tight whitespace-nowrap">{unit}</span>
    </span>
  );
}

/** Room kept right of the bars for the callout, so that even the G bar leaves it space. */
const CALLOUT_ROOM = '7.25rem';

/** The seven bars of one label, the home's one taller with its figures in a callout. */
function Scale({
  kind,
  title,
  klass,
  figures,
  top,
  bottom,
}: {
  kind: Kind;
  title: string;
  klass: EnergyClass;
  figures: { value: number; unit: string; label?: string }[];
  top: string;
  bottom: string;
}) {
  return (
    <div className="@container min-w-0" data-testid={`label-${kind}`} data-class={klass}>
      <p className="font-semibold">{title}</p>
      <div aria-hidden="true">
        <p className="mt-1 mb-1.5 text-xs text-base-content/75">{top}</p>
        <ol className="space-y-1">
          {energyClasses.map((letter, index) => {
            const current = letter === klass;
            const colour = colours[kind][letter];
            // A at 40 % of the bars' room, G at 100 %: the label's staircase.
            const share = 0.4 + index * 0.1;
            const barStyle: CSSProperties = {
              width: `calc((100% - ${CALLOUT_ROOM}) * ${share})`,
              backgroundColor: colour.bar,
              color: colour.text,
              clipPath:
                'polygon(0 0, calc(100% - 0.625rem) 0, 100% 50%, calc(100% - 0.625rem) 100%, 0 100%)',
            };
            return (
              <li
                key={letter}
                className={`flex items-center gap-1.5 ${current ? 'py-0.5' : ''}`}
                data-current={current ? 'true' : undefined}
              >
                <span
                  className={`flex shrink-0 items-center justify-between gap-1 pr-3.5 pl-2 ${
                    current ? 'h-10' : 'h-6'
                  }`}
                  style={barStyle}
                >
                  <span className="hidden text-[0.6875rem] leading-none whitespace-nowrap tabular-nums @xs:inline">
                    {rangeText(letter, kind)}
                  </span>
                  <span
                    className={`ml-auto leading-none font-bold ${current ? 'text-2xl' : 'text-sm'}`}
                  >
                    {letter}
                  </span>
                </span>
                {current ? (
                  <span className="relative ml-1.5 flex min-w-0 flex-col gap-1 rounded-field border-2 border-base-content bg-base-100 px-2 py-1 text-base-content">
                    <span
                      className="absolute top-1/2 -left-[0.4375rem] size-3 -translate-y-1/2 rotate-45 border-b-2 border-l-2 border-base-content bg-base-100"
                      aria-hidden="true"
                    />
                    {figures.map((figure, i) => (
                      <span
                        key={figure.unit}
                        className={`relative ${i > 0 ? 'border-t border-base-300 pt-1' : ''}`}
                      >
                        <Figure {...figure} />
                      </span>
                    ))}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
        <p className="mt-1.5 text-xs text-base-content/75">{bottom}</p>
      </div>
    </div>
  );
}

/** The place of a label that cannot be drawn, saying which figure is missing. */
function Missing({ title, text }: { title: string; text: string }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold">{title}</p>
      <p className="mt-2 rounded-box border border-dashed border-base-300 bg-base-200 p-4 text-sm text-base-content/75">
        {text}
      </p>
    </div>
  );
}

const ENERGY_TITLE = 'Performance énergétique';
const CLIMATE_TITLE = 'Émissions de gaz à effet de serre';

/**
 * The DPE's energy and climate labels of a home from its primary energy use (kWh/m²/an) and
 * greenhouse gas emissions (kg CO₂/m²/an); either may be unknown.
 */
export function EnergyLabels({
  energy,
  emissions,
}: {
  energy: number | null;
  emissions: number | null;
}) {
  if (energy === null && emissions === null)
    return (
      <p
        className="rounded-box border border-dashed border-base-300 bg-base-200 p-4 text-sm text-base-content/75"
        data-testid="energy-labels"
      >
        DPE non communiqué
      </p>
    );

  // Without the emissions the energy label comes from the consumption alone (an emission of 0
  // puts no floor under the class): the page says so.
  const energyKlass = energy === null ? null : energyClass(energy, emissions ?? 0);
  const consumptionKlass = energy === null ? null : energyClass(energy, 0);
  const climateKlass = emissions === null ? null : climateClass(emissions);
  const raisedByEmissions =
    energyKlass !== null && emissions !== null && energyKlass !== consumptionKlass;

  const energyWords =
    energy === null || energyKlass === null
      ? 'consommation d’énergie non communiquée'
      : `classe énergie ${energyKlass}\u00a0: ${withUnit(energy, ENERGY_UNIT)}`;
  const climateWords =
    emissions === null || climateKlass === null
      ? 'émissions de gaz à effet de serre non communiquées'
      : `classe climat ${climateKlass}\u00a0: ${withUnit(emissions, EMISSIONS_UNIT)}`;
  const caption = `${energyWords.charAt(0).toUpperCase()}${energyWords.slice(1)}\u202f; ${climateWords}`;

  return (
    <figure
      className="@container"
      data-testid="energy-labels"
      data-energy-class={energyKlass ?? undefined}
      data-climate-class={climateKlass ?? undefined}
    >
      <figcaption className="sr-only">{caption}</figcaption>
      <div className="grid gap-x-8 gap-y-6 @xl:grid-cols-2">
        {energy !== null && energyKlass !== null ? (
          <Scale
            kind="energie"
            title={ENERGY_TITLE}
            klass={energyKlass}
            figures={
              emissions === null
                ? [{ value: energy, unit: ENERGY_UNIT }]
                : [
                    { value: energy, unit: ENERGY_UNIT },
                    { value: emissions, unit: EMISSIONS_UNIT },
                  ]
            }
            top="logement extrêmement performant"
            bottom="logement extrêmement peu performant"
          />
        ) : (
          <Missing title={ENERGY_TITLE} text="Consommation d’énergie non communiquée." />
        )}
        {emissions !== null && climateKlass !== null ? (
          <Scale
            kind="climat"
            title={CLIMATE_TITLE}
            klass={climateKlass}
            figures={[{ value: emissions, unit: EMISSIONS_UNIT }]}
            top="peu d’émissions de CO₂"
            bottom="émissions de CO₂ très importantes"
          />
        ) : (
          <Missing title={CLIMATE_TITLE} text="Non communiquées." />
        )}
      </div>
      {raisedByEmissions ? (
        <p className="mt-3 text-sm text-base-content/75" data-testid="energy-double-threshold">
          Classe {energyKlass} fixée par les émissions de gaz à effet de serre (double seuil du
          DPE)&nbsp;: la consommation seule donnerait {consumptionKlass}.
        </p>
      ) : null}
      {energy !== null && emissions === null ? (
        <p className="mt-3 text-sm text-base-content/75">
          Sans les émissions, la classe énergie est celle de la consommation seule.
        </p>
      ) : null}
    </figure>
  );
}

/** The class letter in its label's colour, for lists (« classe énergie D » for screen readers). */
export function EnergyClassBadge({ klass, kind }: { klass: EnergyClass; kind: Kind }) {
  const colour = colours[kind][klass];
  return (
    <span
      className="inline-flex h-6 min-w-6 items-center justify-center rounded-selector px-1.5 text-sm leading-none font-bold"
      style={{ backgroundColor: colour.bar, color: colour.text }}
      data-testid={`badge-${kind}`}
    >
      <span className="sr-only">Classe {kindName[kind]} </span>
      {klass}
    </span>
  );
}
