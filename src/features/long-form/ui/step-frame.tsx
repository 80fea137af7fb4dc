import { useEffect, useRef, type ReactNode } from 'react';
import { LongFormFrame, LongFormNotice, type LongFormPicture } from './frame';
import {
  LongFormConfirmation,
  type LongFormConfirmationContent,
  type LongFormConfirmationForm,
} from './confirmation';
import { LongFormIntro, type LongFormIntroContent } from './intro';
import { ProgressPhases, phaseIndex, type Phase } from './progress-phases';
import { RestartButton } from './restart-dialog';
import { FORM_COPY_FROM_STEP, type FormCopyFlow } from '../../../domain/api/form-copies';
import { CopyOffer } from '../copy/copy-offer';
import { storageNotice } from './storage-notice';

/** The progress above a question step, with 'Recommencer' beside it. */
export interface LongFormProgress {
  phases: readonly Phase[];
  /** Index of the phase of the current step. */
  current: number;
  /** The progress list's accessible name, e.g. 'Progression du questionnaire'. */
  label: string;
  /** The restart dialog's question, e.g. 'Recommencer le questionnaire ?'. */
  restartTitle: string;
  /** Prefix of the restart dialog's element ids. */
  restartIdPrefix: string;
  onRestart: () => void;
}

/** Room left between the fixed header and what is brought into view under it. */
const GAP_UNDER_HEADER = 12;

/**
 * The bottom of the fixed (or sticky) header the page scrolls under, measured rather than assumed:
 * its height changes with the screen's width.
 */
function fixedHeaderBottom(): number {
  let bottom = 0;
  for (const header of document.querySelectorAll('header')) {
    const { position } = getComputedStyle(header);
    if (position !== 'fixed' && position !== 'sticky') continue;
    const rect = header.getBoundingClientRect();
    if (rect.top <= 0 && rect.bottom > bottom) bottom = rect.bottom;
  }
  return bottom;
}

/** Scrolls so that `element`'s top is just under the fixed header. */
function scrollUnderHeader(element: Element): void {
  const limit = fixedHeaderBottom() + GAP_UNDER_HEADER;
  const top = element.getBoundingClientRect().top;
  window.scrollTo({ top: Math.max(0, window.scrollY + top - limit), behavior: 'instant' });
}

/**
 * A long form past its intro: the frame, and above the card the progress and the notices (answers
 * found again, a device that does not store them). Each move by the person (`moves` grows) puts
 * focus on the new step's title, with the progress, the notices and the card in view below the
 * fixed header (never under it); a storage notice that appears while the page is scrolled to the
 * card is brought out from under the header.
 */
export function LongFormStepFrame({
  titleId,
  step,
  moves,
  picture,
  progress,
  resumed,
  resumeNotice,
  unstored,
  task,
  below,
  children,
}: {
  /** The id of the flow's step titles. */
  titleId: string;
  step: number;
  /** How many moves the person made since the form opened. */
  moves: number;
  picture?: LongFormPicture;
  /** Shown on the question steps; null elsewhere. */
  progress: LongFormProgress | null;
  /** The answers were found again on the device: said until the first move. */
  resumed: boolean;
  /** The answers come from another device's copy (issue 33): said instead, with its date. */
  resumeNotice?: string;
  /** Under the card: « Continuer sur un autre appareil ». */
  below?: ReactNode;
  /** Why the device does not store the answers, if it does not. */
  unstored: 'full' | 'refused' | null;
  /** What is being filled in, with its article: 'le questionnaire', 'l’inscription'. */
  task: string;
  children: ReactNode;
}) {
  const card = useRef<HTMLDivElement>(null);
  /** The progress and the notices above the card: the top of what a new step shows. */
  const above = useRef<HTMLDivElement>(null);
  /** The notice of a device that does not store the answers, above the card. */
  const storageNoticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (moves === 0) return;
    document.getElementById(titleId)?.focus({ preventScroll: true });
    const target = above.current?.firstElementChild ? above.current : card.current;
    if (!target) return;
    const top = target.getBoundingClientRect().top;
    if (top < fixedHeaderBottom() + GAP_UNDER_HEADER || top > window.innerHeight / 2) {
      scrollUnderHeader(target);
    }
  }, [moves, step, titleId]);

  useEffect(() => {
    const notice = storageNoticeRef.current;
    if (notice && notice.getBoundingClientRect().top < fixedHeaderBottom()) {
      scrollUnderHeader(notice);
    }
  }, [unstored]);

  return (
    <LongFormFrame
      cardRef={card}
      picture={picture}
      below={below}
      top={
        <div ref={above}>
          {progress ? (
            <div className="mb-5">
              <ProgressPhases
                phases={progress.phases}
                current={progress.current}
                step={step}
                label={progress.label}
                aside={
                  <RestartButton
                    title={progress.restartTitle}
                    idPrefix={progress.restartIdPrefix}
                    onConfirm={progress.onRestart}
                  />
                }
              />
            </div>
          ) : null}
          {resumed && moves === 0 ? (
            <LongFormNotice>
              {resumeNotice ??
                'Vos réponses ont été retrouvées\u00a0: reprenez là où vous vous étiez arrêté.'}
            </LongFormNotice>
          ) : null}
          {unstored ? (
            <div ref={storageNoticeRef}>
              <LongFormNotice>{storageNotice(unstored, task)}</LongFormNotice>
            </div>
          ) : null}
        </div>
      }
    >
      {children}
    </LongFormFrame>
  );
}

/** A flow's course through its questions, as the frame above them shows it. */
export interface LongFormCourse {
  /** The progress's phases. */
  phases: readonly Phase[];
  /**
   * What is being filled in, with its article ('le questionnaire', 'l’inscription'): it names the
   * progress, the restart dialog and the storage notices.
   */
  task: string;
  /** Prefix of the restart dialog's element ids. */
  restartIdPrefix: string;
}

/** 'le questionnaire' → 'du questionnaire', 'l’inscription' → 'de l’inscription'. */
const ofTask = (task: string) => (task.startsWith('le ') ? `du ${task.slice(3)}` : `de ${task}`);

/**
 * The step frame of a running long form (useLongForm's state): the progress through the flow's
 * phases and 'Recommencer' on the question steps, the notices of a resumed draft and of a device
 * that does not store, named after the flow's task (its `course`). START shows the flow's `intro`
 * again (after 'Recommencer'), CONFIRM its `confirmation`, the other steps the `children`.
 */
export function LongFormSteps({
  form,
  intro,
  confirmation,
  course: { phases, task, restartIdPrefix },
  children,
  ...frame
}: {
  form: LongFormConfirmationForm & {
    bounds: { start: number; firstQuestion: number; lastQuestion: number; confirm: number };
    step: number;
    moves: number;
    resumed: boolean;
    resumeNotice?: string;
    /** The flow, when it may be continued on another device (issue 33). */
    copyFlow?: FormCopyFlow | null;
    answers?: object;
    storage: 'ok' | 'full' | 'refused';
    next: () => void;
    restart: () => Promise<void>;
  };
  /** The flow's intro, whose `titleId` is the id of every step's title. */
  intro: LongFormIntroContent;
  confirmation: LongFormConfirmationContent;
  course: LongFormCourse;
  /** The step's picture; none inside the staff area (see LongFormFrame). */
  picture?: LongFormPicture;
  children: ReactNode;
}) {
  const { bounds, step } = form;
  const asking = step >= bounds.firstQuestion && step <= bounds.lastQuestion;
  return (
    <LongFormStepFrame
      {...frame}
      titleId={intro.titleId}
      task={task}
      step={step}
      moves={form.moves}
      progress={
        asking
          ? {
              phases,
              current: phaseIndex(phases, step),
              label: `Progression ${ofTask(task)}`,
              restartTitle: `Recommencer ${task}\u202f?`,
              restartIdPrefix,
              onRestart: () => void form.restart(),
            }
          : null
      }
      resumed={form.resumed && asking}
      resumeNotice={form.resumeNotice}
      below={
        asking && form.copyFlow && step >= FORM_COPY_FROM_STEP ? (
          <CopyOffer flow={form.copyFlow} step={step} answers={form.answers ?? {}} />
        ) : null
      }
      unstored={form.storage !== 'ok' && step !== bounds.confirm ? form.storage : null}
    >
      {step === bounds.start ? (
        <LongFormIntro {...intro} ready onStart={form.next} />
      ) : step === bounds.confirm ? (
        <LongFormConfirmation form={form} titleId={intro.titleId} content={confirmation} />
      ) : (
        children
      )}
    </LongFormStepFrame>
  );
}
