import { useState, type ComponentType } from 'react';
import { takeResumeNotice } from '../copy/resume-handoff';
import type { DraftStorage } from '../../../db/drafts.repo';
import type { DraftReading } from '../draft';
import type { DraftSnapshot } from '../machine';
import { useLongFormOpening } from '../use-long-form-opening';
import { LongFormFrame, LongFormNotice, type LongFormPicture } from './frame';
import { LongFormIntro, type LongFormIntroContent } from './intro';

/** What a long form's questions get from its page. */
export interface LongFormProps {
  /** The draft read by the page, null when there was none. */
  draft: DraftSnapshot | null;
  /** The person has just pressed 'C’est parti !'. */
  begin: boolean;
  /** How the page's reading of the draft went. */
  storage: DraftStorage;
  /** The draft was just loaded from another device's copy (issue 33): the notice says when. */
  resumeNotice?: string;
}

/** Said on the intro once the form was sent from another device (issue 33). */
const SENT_ELSEWHERE =
  'Ce formulaire a été envoyé depuis un autre appareil\u00a0: il n’y a plus rien à envoyer ici.';

/**
 * A long form's page: its intro (START, prerendered, the first paint) in the frame, then the
 * questions, loaded when the person starts or at once when a draft past the intro is found
 * (useLongFormOpening). `extra` goes to the questions with the draft (a signup link's code).
 */
export function LongFormPage<Extra extends object>({
  readDraft,
  loadQuestions,
  startStep,
  picture,
  intro,
  extra,
}: {
  readDraft: () => Promise<DraftReading>;
  loadQuestions: () => Promise<{ default: ComponentType<LongFormProps & Extra> }>;
  startStep: number;
  /** The intro's picture (the largest paint: loaded first). */
  picture: Omit<LongFormPicture, 'priority'>;
  intro: LongFormIntroContent;
  extra: Extra;
}) {
  const [resumeNotice] = useState(takeResumeNotice);
  const { read, questions, loading, loadError, open } = useLongFormOpening({
    readDraft,
    loadQuestions,
    startStep,
  });
  if (questions && read.status === 'read') {
    const Questions = questions.view;
    return (
      <Questions
        draft={read.draft}
        begin={questions.begin}
        storage={read.storage}
        resumeNotice={resumeNotice}
        {...extra}
      />
    );
  }
  return (
    <LongFormFrame
      busy={loading}
      picture={{ ...picture, priority: true }}
      top={
        read.status === 'read' && read.sentElsewhere ? (
          <LongFormNotice>{SENT_ELSEWHERE}</LongFormNotice>
        ) : undefined
      }
    >
      <LongFormIntro
        {...intro}
        ready={read.status === 'read'}
        loading={loading}
        error={loadError}
        onStart={() => open(true)}
        onIntent={() => void loadQuestions().catch(() => undefined)}
      />
    </LongFormFrame>
  );
}
