import { useEffect, useId, useRef, useState } from 'react';
import {
  CLIENT_MANDATE_CODE_PATH,
  CLIENT_MANDATE_END_PATH,
  CLIENT_MANDATE_IDENTITY_PATH,
  CLIENT_MANDATE_SIGN_PATH,
  CLIENT_MANDATE_WITHDRAW_PATH,
  MANDATE_MONTHS,
  mandateIdentitySchema,
  mandateSignSchema,
  SIGN_CODE_DIGITS,
  SIGN_CODE_MINUTES,
  WITHDRAWAL_DAYS,
  type MandateView,
} from '../../../domain/api/mandates';
import { formatTime } from '../../../domain/french-date';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';
import { ConfirmButton, closeConfirm } from '../../../ui/confirm-dialog';
import { Field } from '../../../ui/form/field';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';
import {
  downloadMandateEvidence,
  downloadMandatePdf,
  hasCome,
  mandatePost,
  useClientMandate,
} from '../mandate-api';
import { isMandateContent, MandateDocument } from './mandate-document';
import { formatDay, MandateStatusBadge, SignedFacts } from './mandate-facts';

/** The mandate's words, or a plain line if the server sent something this screen cannot read. */
function MandateText({ mandate }: { mandate: MandateView }) {
  return isMandateContent(mandate.content) ? (
    <MandateDocument content={mandate.content} />
  ) : (
    <p className="text-base-content/75">
      Le texte du mandat ne peut pas s’afficher ici&nbsp;: téléchargez le PDF pour le lire.
    </p>
  );
}

function PdfButton({ mandate, label }: { mandate: MandateView; label: string }) {
  return (
    <BusyButton className="btn btn-outline btn-primary" run={() => downloadMandatePdf(mandate)}>
      {label}
    </BusyButton>
  );
}

/** « Vos coordonnées »: the identity and postal address the mandate must state (asked once). */
function IdentityForm({ onSaved }: { onSaved: () => void }) {
  const { user } = useSession();
  const { register, submit, failure, formState } = useSchemaForm(mandateIdentitySchema, {
    defaultValues: {
      firstName: user?.firstname ?? '',
      lastName: user?.lastname ?? '',
      address: '',
    },
  });
  const save = submit(
    async (values) => {
      await api(CLIENT_MANDATE_IDENTITY_PATH, { method: 'POST', body: values });
      notify.success('Vos coordonnées figurent maintenant sur le mandat.');
      onSaved();
    },
    { focus: true },
  );
  const input = (invalid: boolean) => `input input-lg w-full ${invalid ? 'input-error' : ''}`;
  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      className="mt-4 space-y-4 rounded-box border border-warning/60 bg-base-100 p-4 sm:p-6"
      aria-labelledby="mandat-identite-titre"
      data-testid="mandate-identity"
    >
      <h3 id="mandat-identite-titre" className="text-lg font-semibold">
        Vos coordonnées
      </h3>
      <p className="text-sm text-base-content/75">
        La loi demande que le mandat indique votre identité et votre adresse postale. Elles
        s’inscrivent au mandat et au registre des mandats de l’agence.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Prénom" error={formState.errors.firstName?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              autoComplete="given-name"
              className={input(invalid)}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register('firstName')}
            />
          )}
        </Field>
        <Field label="Nom" error={formState.errors.lastName?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              autoComplete="family-name"
              className={input(invalid)}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register('lastName')}
            />
          )}
        </Field>
      </div>
      <Field
        label="Adresse postale"
        hint="Numéro, rue, code postal et ville."
        error={formState.errors.address?.message}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            rows={2}
            autoComplete="street-address"
            className={`textarea textarea-lg w-full ${invalid ? 'textarea-error' : ''}`}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...register('address')}
          />
        )}
      </Field>
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Enregistrer mes coordonnées
      </button>
    </form>
  );
}

/**
 * A refusal that means this code may no longer be tried and a new one is needed: the fifth wrong
 * code (« …il est bloqué »), a code locked or expired (409), too many tries from here (429).
 */
export const needsNewCode = (failed: { status: number | null; message: string }) =>
  failed.status === 409 || failed.status === 429 || /bloqué/.test(failed.message);

/**
 * Signing: « J’ai lu et j’accepte » (never ticked in advance), « Recevoir le code », then the
 * 6-digit code from the e-mail. A refusal is said under the field, the code typed kept; five
 * wrong codes lock it until a new one is asked.
 */
function SignForm({
  mandate,
  onSigned,
  reload,
}: {
  mandate: MandateView;
  onSigned: () => void;
  reload: () => void;
}) {
  const { user } = useSession();
  const acceptId = useId();
  const [accepted, setAccepted] = useState(false);
  const [acceptError, setAcceptError] = useState('');
  const [sendError, setSendError] = useState('');
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [locked, setLocked] = useState('');
  const codeSent =
    sentAt !== null || (mandate.codeValidUntil !== null && !hasCome(mandate.codeValidUntil));
  const codeRef = useRef<HTMLInputElement | null>(null);
  const { register, submit, formState, setError, reset } = useSchemaForm(mandateSignSchema, {
    defaultValues: { code: '' },
    mode: 'onSubmit',
  });

  async function askCode() {
    setSendError('');
    if (!accepted) {
      setAcceptError('Cochez «\u00a0J’ai lu et j’accepte\u00a0» pour recevoir le code.');
      return;
    }
    setAcceptError('');
    const result = await mandatePost(CLIENT_MANDATE_CODE_PATH, { accepted: true });
    if (!result.ok) {
      setSendError(result.fieldErrors.accepted ?? result.message);
      return;
    }
    setLocked('');
    reset({ code: '' });
    setSentAt(Date.now());
    notify.success('Code envoyé. Consultez votre boîte mail.');
  }

  useEffect(() => {
    if (sentAt !== null) codeRef.current?.focus();
  }, [sentAt]);

  const sign = submit(
    async ({ code }) => {
      await api(CLIENT_MANDATE_SIGN_PATH, { method: 'POST', body: { code } });
      notify.success('Votre mandat est signé.');
      onSigned();
    },
    {
      onRefused: ({ failed }) => {
        if (needsNewCode(failed)) {
          setLocked(failed.message);
          // Signed meanwhile (another tab), or the code's state changed: read it again.
          if (failed.status === 409) reload();
        } else setError('code', { message: failed.fieldErrors.code ?? failed.message });
        return true;
      },
    },
  );
  const { ref: codeFieldRef, ...codeField } = register('code');
  const validUntil = sentAt
    ? new Date(sentAt + SIGN_CODE_MINUTES * 60_000).toISOString()
    : mandate.codeValidUntil;

  return (
    <section
      aria-labelledby="mandat-signature-titre"
      className="mt-6 rounded-box border-2 border-primary/50 bg-base-100 p-4 sm:p-6"
      data-testid="mandate-sign"
    >
      <h3 id="mandat-signature-titre" className="text-lg font-semibold">
        Signer le mandat
      </h3>
      <p className="mt-1 text-sm text-base-content/75">
        Signature électronique par un code à usage unique envoyé à{' '}
        <span className="font-medium [overflow-wrap:anywhere]">
          {user?.email ?? 'votre adresse e-mail'}
        </span>
        . Aucune somme n’est due avant l’achat de votre bien.
      </p>
      <div className="mt-4">
        <label htmlFor={acceptId} className="flex cursor-pointer items-start gap-3">
          <input
            id={acceptId}
            type="checkbox"
            className="checkbox checkbox-primary mt-0.5"
            checked={accepted}
            aria-invalid={acceptError ? true : undefined}
            aria-describedby={acceptError ? `${acceptId}-erreur` : undefined}
            onChange={(event) => {
              setAccepted(event.target.checked);
              if (event.target.checked) setAcceptError('');
            }}
          />
          <span>
            <span className="font-medium">J’ai lu et j’accepte</span> le mandat de recherche
            ci-dessus, ses conditions de durée, de résiliation et d’honoraires.
          </span>
        </label>
        {acceptError ? (
          <p id={`${acceptId}-erreur`} className="mt-1 text-sm text-error">
            {acceptError}
          </p>
        ) : null}
      </div>
      <div className="mt-4">
        <BusyButton className={codeSent ? 'btn btn-outline' : 'btn btn-primary'} run={askCode}>
          {codeSent ? 'Recevoir un nouveau code' : 'Recevoir le code'}
        </BusyButton>
        {sendError ? (
          <p role="alert" className="mt-2 text-sm text-error">
            {sendError}
          </p>
        ) : null}
      </div>
      {locked ? (
        <div role="alert" className="alert alert-error alert-soft mt-4" data-testid="code-locked">
          <span>{locked}</span>
        </div>
      ) : codeSent && mandate.provider === 'yousign' ? (
        <p role="status" className="mt-5 rounded-box bg-base-200 p-4 text-sm">
          Yousign, notre prestataire de signature électronique, vient de vous envoyer un e-mail.
          Suivez son lien et saisissez le code qu’il vous donne&nbsp;: votre mandat signé
          s’affichera ici, avec son numéro.
        </p>
      ) : codeSent ? (
        <form noValidate className="mt-5 space-y-3" onSubmit={(event) => void sign(event)}>
          <p role="status" className="text-sm">
            Code envoyé
            {validUntil ? (
              <>
                , valable jusqu’à <time dateTime={validUntil}>{formatTime(validUntil)}</time>
              </>
            ) : null}
            . Vérifiez vos courriers indésirables si vous ne le voyez pas.
          </p>
          <Field
            label={`Code reçu par e-mail (${SIGN_CODE_DIGITS}\u00a0chiffres)`}
            error={formState.errors.code?.message}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={SIGN_CODE_DIGITS}
                className={`input input-lg w-48 text-center font-mono text-2xl tracking-[0.4em] ${invalid ? 'input-error' : ''}`}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                ref={(element) => {
                  codeFieldRef(element);
                  codeRef.current = element;
                }}
                {...codeField}
              />
            )}
          </Field>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            Signer le mandat
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** « Me rétracter » (14 days, L221-18): the standard form online, confirmed by a box to tick. */
function WithdrawForm({ mandate, onDone }: { mandate: MandateView; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState('');
  const confirmId = useId();
  const form = isMandateContent(mandate.content) ? mandate.content.withdrawalForm : null;
  if (!open)
    return (
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        Me rétracter
      </button>
    );
  return (
    <section
      aria-labelledby="mandat-retractation-titre"
      className="mt-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
      data-testid="mandate-withdraw"
    >
      <h4 id="mandat-retractation-titre" className="text-lg font-semibold">
        Formulaire de rétractation
      </h4>
      {form ? (
        <div className="mt-2 space-y-1 text-sm">
          {form.lines
            .filter((line) => !line.startsWith('Signature du consommateur'))
            .filter((line) => !line.startsWith('Date'))
            .map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          <p>Date&nbsp;: {formatDay(new Date().toISOString())}</p>
        </div>
      ) : null}
      <label htmlFor={confirmId} className="mt-4 flex cursor-pointer items-start gap-3">
        <input
          id={confirmId}
          type="checkbox"
          className="checkbox checkbox-error mt-0.5"
          checked={confirmed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${confirmId}-erreur` : undefined}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <span>
          Je me rétracte du mandat de recherche. Ma recherche s’arrête et rien ne m’est facturé.
        </span>
      </label>
      {error ? (
        <p id={`${confirmId}-erreur`} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <BusyButton
          className="btn btn-error"
          run={async () => {
            if (!confirmed) {
              setError('Cochez la case pour confirmer que vous vous rétractez.');
              return;
            }
            const result = await mandatePost(CLIENT_MANDATE_WITHDRAW_PATH, { confirm: true });
            if (!result.ok) {
              setError(result.message);
              return;
            }
            notify.success('Votre rétractation est enregistrée.');
            onDone();
          }}
        >
          Envoyer ma rétractation
        </BusyButton>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
          Annuler
        </button>
      </div>
    </section>
  );
}

/** « Résilier » (after 3 months, art. 78), confirmed first. */
function EndButton({ onDone }: { onDone: () => void }) {
  const [error, setError] = useState('');
  return (
    <ConfirmButton
      id="mandat-resilier"
      label="Résilier le mandat"
      className="btn btn-outline btn-error"
      onOpen={() => setError('')}
      title={'Résilier votre mandat de recherche\u202f?'}
      text={`Votre mandat a plus de ${MANDATE_MONTHS}\u00a0mois\u00a0: vous pouvez y mettre fin à tout moment. Votre chasseur arrête la recherche et la fin est inscrite au registre des mandats.`}
      action={
        <BusyButton
          className="btn btn-error"
          run={async () => {
            const result = await mandatePost(CLIENT_MANDATE_END_PATH, {});
            if (!result.ok) {
              setError(result.message);
              return;
            }
            closeConfirm('mandat-resilier');
            notify.success('Votre mandat est résilié.');
            onDone();
          }}
        >
          Résilier
        </BusyButton>
      }
    >
      {error ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {error}
        </p>
      ) : null}
    </ConfirmButton>
  );
}

/** A signed (or withdrawn, or ended) mandate: its number, date, hash and files; what may follow. */
function SignedMandate({
  mandate,
  focus,
  onChanged,
}: {
  mandate: MandateView;
  /** Just signed here: the focus goes to the outcome. */
  focus: boolean;
  onChanged: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const signed = mandate.status === 'signed';
  const canWithdraw =
    signed && mandate.withdrawalUntil !== null && !hasCome(mandate.withdrawalUntil);
  const canEnd = signed && hasCome(mandate.endableFrom);
  return (
    <>
      <div
        className={`mt-4 rounded-box border p-4 sm:p-6 ${signed ? 'border-success/50 bg-success/5' : 'border-base-300 bg-base-100'}`}
        data-testid="mandate-signed"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold">
            {signed
              ? `Mandat signé${mandate.registerNumber ? ` n°\u00a0${mandate.registerNumber}` : ''}`
              : 'Votre mandat de recherche'}
          </h3>
          <MandateStatusBadge status={mandate.status} />
        </div>
        {signed ? (
          <p className="mt-1 text-sm">
            Votre chasseur peut commencer la recherche. Vous avez {WITHDRAWAL_DAYS}&nbsp;jours après
            la signature pour vous rétracter, sans frais.
          </p>
        ) : mandate.status === 'withdrawn' ? (
          <p className="mt-1 text-sm">Vous vous êtes rétracté&nbsp;: la recherche est arrêtée.</p>
        ) : (
          <p className="mt-1 text-sm">Le mandat a pris fin&nbsp;: la recherche est arrêtée.</p>
        )}
        <SignedFacts mandate={mandate} />
        <div className="mt-4 flex flex-wrap gap-2">
          <PdfButton mandate={mandate} label="Télécharger le PDF signé" />
          {mandate.signedAt ? (
            <BusyButton className="btn btn-ghost" run={() => downloadMandateEvidence(mandate)}>
              Fichier de preuve
            </BusyButton>
          ) : null}
        </div>
      </div>
      {canWithdraw || canEnd ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {canWithdraw ? <WithdrawForm mandate={mandate} onDone={onChanged} /> : null}
          {canEnd ? <EndButton onDone={onChanged} /> : null}
        </div>
      ) : null}
      <details className="mt-4 rounded-box border border-base-300 bg-base-100">
        <summary className="cursor-pointer p-4 font-medium">Relire le mandat</summary>
        <div className="px-2 pb-2 sm:px-4 sm:pb-4">
          <MandateText mandate={mandate} />
        </div>
      </details>
    </>
  );
}

/**
 * « Mon mandat » in /dashboard (issue 30): the mandat de recherche the hunter prepared, readable
 * in the page at 390 px and as a PDF; the identity and address asked when missing; the signature
 * by an e-mailed code; then the signed mandate with its register number, date and hash, the
 * withdrawal within 14 days and the end after 3 months.
 */
export default function MyMandate({
  onChanged,
}: {
  /** The mandate was signed, withdrawn or ended: the project's stage changed too. */
  onChanged?: () => void;
}) {
  const [load, rawReload] = useClientMandate();
  const reload = () => {
    rawReload();
    onChanged?.();
  };
  const [signedHere, setSignedHere] = useState(false);
  return (
    <LoadGate inline load={load} loading="Chargement de votre mandat…">
      {(mandate) =>
        mandate === null ? (
          <p className="mt-3 text-base-content/75" data-testid="mandate-none">
            Votre chasseur prépare votre mandat de recherche. Vous le lirez et le signerez ici, en
            deux minutes, avec un code reçu par e-mail. La recherche commence après sa signature.
          </p>
        ) : mandate.status === 'awaiting_signature' ? (
          <>
            <p className="mt-2 flex flex-wrap items-center gap-2">
              <MandateStatusBadge status={mandate.status} />
            </p>
            <p className="mt-2">
              Votre chasseur a préparé votre mandat de recherche. Lisez-le, puis signez-le en bas de
              page avec le code reçu par e-mail. Aucune somme n’est due avant l’achat.
            </p>
            {mandate.identityMissing ? <IdentityForm onSaved={reload} /> : null}
            <div className="mt-4 flex flex-wrap gap-2">
              <PdfButton mandate={mandate} label="Télécharger le PDF" />
            </div>
            <div className="mt-4">
              <MandateText mandate={mandate} />
            </div>
            {mandate.identityMissing ? (
              <p className="mt-6 rounded-box bg-base-200 p-4 text-sm">
                Indiquez d’abord vos coordonnées ci‑dessus&nbsp;: vous pourrez ensuite signer.
              </p>
            ) : (
              <SignForm
                mandate={mandate}
                onSigned={() => {
                  setSignedHere(true);
                  reload();
                }}
                reload={reload}
              />
            )}
          </>
        ) : (
          <SignedMandate mandate={mandate} focus={signedHere} onChanged={reload} />
        )
      }
    </LoadGate>
  );
}
