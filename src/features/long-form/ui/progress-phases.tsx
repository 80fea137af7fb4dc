import type { ReactNode } from 'react';
import { CheckIcon } from '../../../ui/icons';

export interface Phase {
  label: string;
  first: number;
  last: number;
}

/** Index of the phase a step belongs to; a step past the last phase (CONFIRM) counts as past them all. */
export function phaseIndex(phases: readonly Phase[], step: number): number {
  if (step > (phases.at(-1)?.last ?? step)) return phases.length;
  return Math.max(
    phases.findIndex((p) => step >= p.first && step <= p.last),
    0,
  );
}

/**
 * The three-phase progress indicator of the two long forms (spec 2.5, 2.6): each phase's bar fills
 * as its questions are passed; the current phase is marked aria-current="step". Under 640 px
 * the three names do not fit side by side: only the current one is written, under the bars.
 */
export function ProgressPhases({
  phases,
  current,
  step,
  label,
  aside,
}: {
  phases: readonly Phase[];
  /** Index of the phase of `step` (phases.length once all are passed). */
  current: number;
  step: number;
  label: string;
  aside?: ReactNode;
}) {
  const currentPhase = phases[current];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1">
      <ol aria-label={label} className="col-span-2 grid grid-cols-3 gap-2 sm:col-span-1 sm:gap-4">
        {phases.map((phase, index) => {
          const done = index < current;
          const active = index === current;
          const size = phase.last - phase.first + 1;
          const filled = done ? 1 : active ? (step - phase.first + 1) / (size + 1) : 0;
          return (
            <li key={phase.label} aria-current={active ? 'step' : undefined} className="min-w-0">
              <div className="h-1.5 overflow-hidden rounded-full bg-base-300">
                <div
                  className="h-full origin-left rounded-full bg-primary transition-transform duration-300"
                  style={{ transform: `scaleX(${filled})` }}
                />
              </div>
              <p
                className={`mt-2 hidden items-start gap-1.5 text-sm leading-snug sm:flex ${
                  active ? 'font-semibold text-base-content' : 'text-base-content/70'
                }`}
              >
                <PhaseNumber index={index} done={done} active={active} />
                {phase.label}
              </p>
              <span className="sr-only">
                {`${index + 1}. ${phase.label}\u00a0: ${done ? 'terminé' : active ? 'en cours' : 'à venir'}`}
              </span>
            </li>
          );
        })}
      </ol>
      {currentPhase ? (
        <p aria-hidden="true" className="flex items-center gap-1.5 text-sm font-semibold sm:hidden">
          <PhaseNumber index={current} done={false} active />
          {currentPhase.label}
        </p>
      ) : null}
      {aside ? (
        <div className="col-start-2 justify-self-end sm:row-start-1 sm:self-start">{aside}</div>
      ) : null}
    </div>
  );
}

function PhaseNumber({ index, done, active }: { index: number; done: boolean; active: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-[0.7rem] font-semibold ${
        done || active ? 'bg-primary text-primary-content' : 'bg-base-300 text-base-content/70'
      }`}
    >
      {done ? <CheckIcon /> : index + 1}
    </span>
  );
}
