import { useCallback, useReducer, useState } from 'react';
import { formCopyFlows, type FormCopyFlow } from '../../domain/api/form-copies';
import { isFinalRefusal } from '../../domain/outbox';
import { toApiFailure, type ApiFailure } from '../../lib/api';
import { useWaitingAtOpening } from '../offline/submission-status';
import type { FlowDraftStore } from './draft';
import type { FlowMachine } from './machine';
import type { LongFormProps } from './ui/page';
import { sendLongForm } from './send';
import { useDraftPersistence } from './use-draft-persistence';

/** An earlier answer to fix before sending, and the step that asks it. */
export interface StepToFix {
  step: number;
  message: string;
}

export interface SubmitFailure {
  message: string;
  /** Network, timeout or server error: the same key may be sent again (Réessayer). */
  retryable: boolean;
  /** An earlier answer to fix first, and the step that asks it. */
  fix: StepToFix | null;
}

/** Field messages for the submit step's fields, and the earlier step to revisit, if any. */
export interface SplitErrors {
  fields: Record<string, string>;
  fix: StepToFix | null;
}

/** The navigation under a question step: Next enabled when the step allows it, and Previous. */
export interface StepNavigation {
  canNext: boolean;
  onNext: () => void;
  onPrevious: () => void;
}

export type SubmissionCheck<Body> = ({ ok: true; body: Body } | { ok: false }) & SplitErrors;

/**
 * What a long form is, besides its steps' screens: its machine (flowMachine), its draft, and how
 * its last step is sent.
 */
export interface LongFormFlow<Answers extends object, Input, Body, Step extends number = number> {
  machine: FlowMachine<Answers, Step>;
  draft: FlowDraftStore;
  /** The submit step's fields that go into the answers and the draft (never a password). */
  keptOf: (input: Input) => Partial<Answers>;
  /** The whole body checked with the server's schema, or where the problems are. */
  check: (answers: Answers, input: Input) => SubmissionCheck<Body>;
  /** Field errors of a refused submission ('contact.phone', 'project.budget') sorted out. */
  splitErrors: (errors: Record<string, string>) => SplitErrors;
  /** Where the body is POSTed (through the outbox when offline): '/api/public/biens'. */
  endpoint: string;
  /**
   * A sending made of more than one request (a visit report, then its photos), each through the
   * outbox; `queued` when any waits for the network. One POST to `endpoint` by default.
   */
  send?: (body: Body, idempotencyKey: string) => Promise<{ queued: boolean }>;
  /** The address the confirmation names. */
  emailOf: (body: Body) => string;
  messages: {
    /** Shown when an earlier answer stops the sending. */
    fixEarlier: string;
    /** Shown when only the submit step's fields stop it; null shows the fields' messages only. */
    fixFields: string | null;
    /** A queued submission the server refused without a message. */
    refused: string;
  };
  /** The message of a refused or failed sending; the server's by default. */
  failureMessage?: (failed: ApiFailure, split: SplitErrors) => string;
}

/**
 * A long form's state, for every flow: the step and answers (the flow's machine), opened from
 * the draft the page read, saved to IndexedDB on each answer and step change, and the
 * submission through the outbox. `storage` says how the device took the last save: a full or
 * refusing device keeps the answers in memory only (the form stays as it is), and the next save
 * that is stored puts it back to 'ok'. `seed` adds answers at opening (a signup link's code).
 */
export function useLongForm<Answers extends object, Input, Body, Step extends number>(
  flow: LongFormFlow<Answers, Input, Body, Step>,
  { draft, begin, storage: storageAtOpening, resumeNotice }: LongFormProps,
  seed?: Partial<Answers>,
) {
  const { machine } = flow;
  const { bounds } = machine;
  const [{ step, answers }, dispatch] = useReducer(machine.reducer, null, () =>
    machine.openingState(draft, begin, seed),
  );
  /** A draft past START was found and is shown again. */
  const [resumed, setResumed] = useState(() => !begin && !!draft && draft.step > bounds.start);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  /** The e-mail confirmed, and the Idempotency-Key of a submission the worker keeps queued. */
  const [confirmed, setConfirmed] = useState<{ email: string; queuedKey: string | null } | null>(
    null,
  );
  /** The person's own moves, so focus goes to the new title; the first question counts as one. */
  const [moves, setMoves] = useState(begin ? 1 : 0);
  const moved = useCallback(() => setMoves((n) => n + 1), []);
  const { storage, noteSaved, answer, restartedAt } = useDraftPersistence<Partial<Answers>>({
    step,
    openingStep: draft?.step ?? bounds.start,
    confirmStep: bounds.confirm,
    storageAtOpening,
    save: flow.draft.save,
    dispatch,
  });

  // Reopened on a submission the worker still keeps for the network: CONFIRM, waiting.
  useWaitingAtOpening(draft, bounds.lastQuestion, (key, email) => {
    setConfirmed({ email, queuedKey: key });
    setResumed(false);
    dispatch({ type: 'waiting' });
  });

  /** Next, when the step allows it (the reducer checks again): Enter on an unanswered step does nothing. */
  const next = useCallback(() => {
    if (!machine.mayLeave(step, answers) || step >= bounds.lastQuestion) return;
    dispatch({ type: 'next' });
    moved();
  }, [machine, bounds, step, answers, moved]);
  const previous = useCallback(() => {
    dispatch({ type: 'previous' });
    setFailure(null);
    moved();
  }, [moved]);
  const goTo = useCallback(
    (target: number) => {
      dispatch({ type: 'goto', step: target });
      setFailure(null);
      moved();
    },
    [moved],
  );

  /** A queued submission the server refused: back to the submit step, the answers kept, its message shown. */
  const fixRefused = useCallback(
    (message: string | undefined) => {
      dispatch({ type: 'reopen' });
      setConfirmed(null);
      setFailure({ message: message ?? flow.messages.refused, retryable: false, fix: null });
      moved();
    },
    [flow, moved],
  );

  const restart = useCallback(async () => {
    await flow.draft.clear();
    restartedAt(bounds.start);
    dispatch({ type: 'reset' });
    setFailure(null);
    setResumed(false);
    moved();
  }, [flow, bounds, restartedAt, moved]);

  /**
   * The submit step (spec 4.3): the whole body is checked with the server's schema, then sent
   * with the draft's Idempotency-Key. Returns the messages to show on the step's fields.
   */
  const submit = useCallback(
    async (input: Input): Promise<Record<string, string>> => {
      const kept = flow.keptOf(input);
      dispatch({ type: 'answer', patch: kept });
      setFailure(null);
      const check = flow.check({ ...answers, ...kept }, input);
      if (!check.ok) {
        void flow.draft.save({ answers: kept }).then(noteSaved);
        const message = check.fix ? flow.messages.fixEarlier : flow.messages.fixFields;
        setFailure(message === null ? null : { message, retryable: false, fix: check.fix });
        return check.fields;
      }
      setSending(true);
      const key = await flow.draft.keyFor(kept);
      try {
        const { queued } = flow.send
          ? await flow.send(check.body, key)
          : await sendLongForm(flow.endpoint, check.body, key);
        // Queued: not confirmed yet, the draft stays until the server has it (DESIGN.md), and
        // CONFIRM says so, then shows it arrived once the worker has sent it.
        if (!queued) await flow.draft.finish(key);
        setConfirmed({ email: flow.emailOf(check.body), queuedKey: queued ? key : null });
        dispatch({ type: queued ? 'waiting' : 'confirmed' });
        setResumed(false);
        moved();
        return {};
      } catch (error) {
        const failed = toApiFailure(error);
        const refused = isFinalRefusal(failed.status);
        // A refusal is final for this key: the next edit sends the answers under a new one.
        if (refused) await flow.draft.markRefused(key);
        const split = flow.splitErrors(failed.fieldErrors);
        setFailure({
          message: flow.failureMessage?.(failed, split) ?? failed.message,
          retryable: !refused,
          fix: split.fix,
        });
        return split.fields;
      } finally {
        setSending(false);
      }
    },
    [flow, answers, noteSaved, moved],
  );

  const nav: StepNavigation = {
    canNext: machine.canGoNext(step, answers),
    onNext: next,
    onPrevious: previous,
  };

  /** The flow, when it may be continued on another device (issue 33); null otherwise. */
  const copyFlow = (formCopyFlows as readonly string[]).includes(flow.draft.flow)
    ? (flow.draft.flow as FormCopyFlow)
    : null;

  return {
    bounds,
    step,
    answers,
    resumed,
    resumeNotice,
    copyFlow,
    storage,
    sending,
    failure,
    confirmed,
    moves,
    answer,
    noteSaved,
    next,
    previous,
    goTo,
    fixRefused,
    restart,
    submit,
    nav,
  };
}
