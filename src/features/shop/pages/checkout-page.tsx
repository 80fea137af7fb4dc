import { useEffect, useState } from 'react';
import { useFieldArray, type FieldPath, type FieldValues } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import type { z } from 'zod';
import {
  checkoutDetailsSchema,
  HOMESTYLZ_CGV_PATH,
  HOMESTYLZ_CHECKOUT_PATH,
  MAX_SLOTS,
  SLOT_HORIZON_DAYS,
  slotPeriodLabels,
  slotPeriods,
  slotProblem,
  WITHDRAWAL_DAYS,
  type CheckoutDetails,
} from '../../../domain/api/orders';
import { basketLineName, isMeasuredProduct } from '../../../domain/basket';
import { company, fullAddress } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { formatEuro } from '../../../domain/format';
import { parisDay } from '../../../domain/paris-time';
import { clearDraft, readDraft, saveDraft } from '../../../db/drafts.repo';
import { useBasket } from '../../../db/use-basket';
import { PageHeader } from '../../../ui/page-blocks';
import { Field } from '../../../ui/form/field';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { useSession } from '../../auth';
import { startPayment } from '../payment';
import { CityPicker } from '../components/city-picker';

const DRAFT = 'homestylz-checkout';
const CGV_LABEL = 'J’ai lu et j’accepte les conditions générales de vente de homestylz';
const EXPRESS_LABEL =
  'Je demande que la prestation commence avant la fin du délai de rétractation de 14\u00a0jours\u202f; si je me rétracte ensuite, je paierai la part déjà réalisée.';

type CheckoutInput = z.input<typeof checkoutDetailsSchema>;

/** YYYY-MM-DD, `days` after `day` (both Paris dates). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The contract's schema, plus each slot checked against today in Paris (slotProblem). */
function checkoutSchema(today: string) {
  return checkoutDetailsSchema.superRefine((details, context) => {
    details.slots.forEach((slot, index) => {
      const problem = slotProblem(slot, today);
      if (problem)
        context.addIssue({ code: 'custom', path: ['slots', index, 'date'], message: problem });
    });
  });
}

const emptyForm = (phone: string): CheckoutInput => ({
  address: { street: '', postcode: '', city: '', inseeCode: '' },
  surfaceM2: Number.NaN,
  slots: [{ date: '', period: undefined as unknown as 'matin' }],
  phone,
  acceptCgv: false as unknown as true,
  expressStart: false,
});

/** What a reload gives back: what was typed, never the two boxes (ticked again, on purpose). */
function draftOf(values: CheckoutInput): Record<string, unknown> {
  const { acceptCgv: _cgv, expressStart: _express, ...kept } = values;
  return kept;
}

/** The first control marked invalid, in the page's order, gets the focus. */
function focusFirstError() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('[data-checkout] [aria-invalid="true"]')?.focus();
  });
}

function errorAt(errors: FieldValues, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** C. consom. L221-5: who sells, what, for how much, and the withdrawal right, before « Payer ». */
function PreContract({ total }: { total: number }) {
  return (
    <section
      aria-labelledby="precontract-title"
      className="rounded-box border border-base-300 bg-base-200/60 p-5 text-sm leading-relaxed"
    >
      <h2 id="precontract-title" className="text-lg font-semibold">
        Avant de payer
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        <li>
          <strong>Vendeur</strong>&nbsp;: {company.homestylzBrand}, marque de{' '}
          {companyLegal.legalName}, {fullAddress} ({companyLegal.rcs})&nbsp;;{' '}
          <a className="link" href={`mailto:${company.homestylzEmail}`}>
            {company.homestylzEmail}
          </a>
          , {company.phone}.
        </li>
        <li>
          <strong>Prestation</strong>&nbsp;: les prestations de votre panier, réalisées à l’adresse
          indiquée ci-dessous. L’équipe vous appelle sous deux jours ouvrés pour fixer le
          rendez-vous parmi vos créneaux, au plus tard trente jours après la commande.
        </li>
        <li>
          <strong>Prix total</strong>&nbsp;: {formatEuro(total)} TTC, payé en totalité par carte à
          la commande.
        </li>
        <li>
          <strong>Droit de rétractation</strong>&nbsp;: vous disposez de {WITHDRAWAL_DAYS}
          &nbsp;jours à compter de la commande pour vous rétracter sans motif (article L221-18 du
          code de la consommation), avec le{' '}
          <Link
            className="link link-primary"
            href={`${HOMESTYLZ_CGV_PATH}#formulaire-de-retractation`}
          >
            formulaire de rétractation
          </Link>{' '}
          ou par e-mail&nbsp;; vous êtes remboursé sous {WITHDRAWAL_DAYS}&nbsp;jours. Sans votre
          demande expresse, aucun rendez-vous n’a lieu avant la fin de ce délai.
        </li>
      </ul>
    </section>
  );
}

/**
 * HOMESTYLZ_CHECKOUT_PATH (issue 32): the basket's « Valider » leads here. The basket, the
 * property's address (city from the cached geography), surface, 1 to 3 preferred slots, a phone,
 * the pre-contract information (L221-5), the CGV box and the express-start box (L221-25), both
 * unticked; « Payer » posts them with the basket (checkoutPaymentRequestSchema) and follows the
 * answer. What was typed is kept in the drafts table until a payment succeeds.
 */
export default function CheckoutPage() {
  const basket = useBasket();
  const { user } = useSession();
  const search = useSearch();
  // Back from a successful payment (?success=true, taken out of the address by PaymentReturn).
  const [paid] = useState(() => new URLSearchParams(search).get('success') === 'true');
  const [today] = useState(() => parisDay(new Date().toISOString()));
  const [schema] = useState(() => checkoutSchema(today));
  const form = useSchemaForm<CheckoutInput, CheckoutDetails>(schema, {
    defaultValues: emptyForm(user?.phone ?? ''),
    shouldFocusError: false,
  });
  const { register, control, formState, watch, reset, setValue, getValues, setError } = form;
  const slots = useFieldArray({ control, name: 'slots' });
  const [restored, setRestored] = useState(false);
  const [cityQuery, setCityQuery] = useState('');

  // The draft: given back once, then saved as the person types.
  useEffect(() => {
    let current = true;
    const restore = paid
      ? clearDraft(DRAFT).then(() => undefined)
      : readDraft(DRAFT).then((draft) => draft?.answers);
    restore
      .catch(() => undefined)
      .then((answers) => {
        if (!current) return;
        if (answers) {
          const { cityQuery: query, ...values } = answers as Partial<CheckoutInput> & {
            cityQuery?: string;
          };
          reset({
            ...getValues(),
            ...values,
            acceptCgv: false as unknown as true,
            expressStart: false,
          });
          if (typeof query === 'string') setCityQuery(query);
        }
        setRestored(true);
      });
    return () => {
      current = false;
    };
  }, [paid, reset, getValues]);

  // The signed-in person's phone, when the field is still empty.
  useEffect(() => {
    if (restored && user?.phone && !getValues('phone')) setValue('phone', user.phone);
  }, [restored, user?.phone, getValues, setValue]);

  useEffect(() => {
    // Paid: the draft is gone for good (a new checkout starts from an empty form).
    if (!restored || paid) return;
    // Each change is stored at once (a small record): a reload right after typing loses nothing.
    const save = (values: unknown) =>
      void saveDraft(DRAFT, {
        answers: { ...draftOf(values as CheckoutInput), cityQuery },
      }).catch(() => undefined);
    save(getValues());
    const subscription = watch(save);
    return () => subscription.unsubscribe();
  }, [restored, paid, watch, getValues, cityQuery]);

  const errors = formState.errors;
  const err = (path: FieldPath<CheckoutInput>) => errorAt(errors, path);

  const pay = form.submit(async (details) => {
    if (!navigator.onLine) {
      form.setFailure(
        'Le paiement demande une connexion\u00a0: ce que vous avez saisi est gardé, réessayez dès que vous êtes de nouveau en ligne.',
      );
      return;
    }
    const outcome = await startPayment(basket.lines, {
      checkout: details,
      returnPath: HOMESTYLZ_CHECKOUT_PATH,
    });
    // Gone to the payment page: the button stays busy until the page changes.
    if (outcome === 'redirected') return new Promise(() => undefined);
    if (typeof outcome === 'object') {
      for (const [field, message] of Object.entries(outcome.fieldErrors ?? {})) {
        setError(field.replace(/^checkout\./, '') as FieldPath<CheckoutInput>, { message });
      }
      form.setFailure(outcome.panelMessage);
      focusFirstError();
    }
  });
  const onSubmit: React.FormEventHandler<HTMLFormElement> = (event) => {
    void pay(event).then(() => {
      if (Object.keys(form.formState.errors).length > 0) focusFirstError();
    });
  };

  const header = (
    <PageHeader
      eyebrow="Boutique homestylz"
      title="Votre commande"
      lead="Dites-nous où et quand intervenir, puis réglez votre commande en toute sécurité."
    />
  );

  if (!basket.loaded) return header;
  if (basket.lines.length === 0) {
    return (
      <>
        {header}
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          {paid ? (
            <p className="text-lg">
              Merci pour votre commande. Vous la retrouvez, avec sa facture, dans{' '}
              <Link className="link link-primary" href="/dashboard#mes-commandes">
                Mes commandes
              </Link>
              .
            </p>
          ) : (
            <p className="text-lg">
              Votre panier est vide.{' '}
              <Link className="link link-primary" href="/homestylz/pack/1">
                Voir les packs homestylz
              </Link>
            </p>
          )}
        </div>
      </>
    );
  }

  const inputClass = (invalid: boolean) => `input w-full ${invalid ? 'input-error' : ''}`;

  return (
    <>
      {header}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_22rem]">
        <aside aria-labelledby="checkout-basket-title" className="lg:order-2">
          <div className="rounded-box border border-base-300 bg-base-100 p-5 lg:sticky lg:top-24">
            <h2 id="checkout-basket-title" className="text-lg font-semibold">
              Votre panier
            </h2>
            <ul className="mt-3 divide-y divide-base-300 text-sm">
              {basket.lines.map((line) => (
                <li key={line.product.id} className="flex justify-between gap-4 py-2">
                  <span>
                    {basketLineName(line)}
                    {line.quantity > 1 && !isMeasuredProduct(line.product.id)
                      ? ` × ${line.quantity}`
                      : ''}
                  </span>
                  <span className="whitespace-nowrap">
                    {formatEuro(line.product.price * line.quantity)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-3 flex justify-between border-t border-base-300 pt-3 text-lg font-semibold">
              <span>Total TTC</span>
              <span data-testid="checkout-total">{formatEuro(basket.subtotal)}</span>
            </p>
          </div>
        </aside>

        <form noValidate data-checkout onSubmit={onSubmit} className="space-y-10 lg:order-1">
          <fieldset className="space-y-5">
            <legend className="text-xl font-semibold">Le bien</legend>
            <Field label="Adresse (numéro et voie)" error={err('address.street')}>
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className={inputClass(invalid)}
                  autoComplete="address-line1"
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  {...register('address.street')}
                />
              )}
            </Field>
            <CityPicker
              query={cityQuery}
              onQuery={(query) => {
                setCityQuery(query);
                if (getValues('address.city')) {
                  setValue('address.city', '');
                  setValue('address.inseeCode', '');
                }
              }}
              chosen={watch('address.city')}
              error={err('address.inseeCode') ?? err('address.city')}
              onChoose={(city) => {
                setCityQuery(city.name);
                setValue('address.city', city.name, { shouldDirty: true });
                setValue('address.inseeCode', city.code, {
                  shouldValidate: true,
                  shouldDirty: true,
                });
                const [only, ...others] = city.postcodes;
                if (only && others.length === 0 && !getValues('address.postcode'))
                  setValue('address.postcode', only, { shouldValidate: true });
              }}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Code postal" error={err('address.postcode')}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    className={inputClass(invalid)}
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={5}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    {...register('address.postcode')}
                  />
                )}
              </Field>
              <Field label="Surface (m²)" error={err('surfaceM2')}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    type="number"
                    min={5}
                    max={2000}
                    step={1}
                    inputMode="numeric"
                    className={inputClass(invalid)}
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    {...register('surfaceM2', { valueAsNumber: true })}
                  />
                )}
              </Field>
            </div>
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-xl font-semibold">Vos créneaux préférés</legend>
            <p className="text-sm text-base-content/75">
              Proposez de 1 à {MAX_SLOTS} demi-journées, à partir de demain et dans les{' '}
              {SLOT_HORIZON_DAYS} prochains jours&nbsp;: l’équipe vous appelle pour confirmer.
            </p>
            {err('slots') ? <p className="text-sm text-error">{err('slots')}</p> : null}
            <ol className="space-y-4">
              {slots.fields.map((slot, index) => (
                <li
                  key={slot.id}
                  className="rounded-box border border-base-300 bg-base-100 p-4"
                  aria-label={`Créneau ${index + 1}`}
                >
                  <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
                    <Field
                      label={`Date du créneau ${index + 1}`}
                      error={err(`slots.${index}.date`)}
                    >
                      {({ id, describedBy, invalid }) => (
                        <input
                          id={id}
                          type="date"
                          min={addDays(today, 1)}
                          max={addDays(today, SLOT_HORIZON_DAYS)}
                          className={inputClass(invalid)}
                          aria-invalid={invalid}
                          aria-describedby={describedBy}
                          {...register(`slots.${index}.date`)}
                        />
                      )}
                    </Field>
                    <fieldset aria-invalid={!!err(`slots.${index}.period`)}>
                      <legend className="font-medium">Moment du créneau {index + 1}</legend>
                      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                        {slotPeriods.map((period) => (
                          <label key={period} className="flex items-center gap-2">
                            <input
                              type="radio"
                              className="radio radio-primary"
                              value={period}
                              aria-invalid={!!err(`slots.${index}.period`)}
                              {...register(`slots.${index}.period`)}
                            />
                            <span className="whitespace-nowrap">{slotPeriodLabels[period]}</span>
                          </label>
                        ))}
                      </div>
                      {err(`slots.${index}.period`) ? (
                        <p className="mt-1 text-sm text-error">{err(`slots.${index}.period`)}</p>
                      ) : null}
                    </fieldset>
                  </div>
                  {slots.fields.length > 1 ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm mt-2"
                      onClick={() => slots.remove(index)}
                    >
                      Retirer le créneau {index + 1}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
            {slots.fields.length < MAX_SLOTS ? (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() =>
                  slots.append(
                    { date: '', period: undefined as unknown as 'matin' },
                    { shouldFocus: true },
                  )
                }
              >
                Ajouter un créneau
              </button>
            ) : null}
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="text-xl font-semibold">Vos coordonnées</legend>
            <Field
              label="Téléphone"
              hint="L’équipe vous appelle à ce numéro pour fixer le rendez-vous."
              error={err('phone')}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  type="tel"
                  autoComplete="tel"
                  className={inputClass(invalid)}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  {...register('phone')}
                />
              )}
            </Field>
            {!user ? (
              <p className="text-sm text-base-content/75">
                Votre adresse e-mail vous sera demandée sur la page de paiement.{' '}
                <Link className="link link-primary" href="/signin">
                  Se connecter
                </Link>{' '}
                pour retrouver la commande dans votre espace.
              </p>
            ) : null}
          </fieldset>

          <PreContract total={basket.subtotal} />

          <div className="space-y-4">
            <div>
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary mt-0.5"
                  aria-invalid={!!err('acceptCgv')}
                  aria-describedby={err('acceptCgv') ? 'checkout-cgv-error' : undefined}
                  {...register('acceptCgv')}
                />
                <span>
                  {CGV_LABEL.replace('conditions générales de vente de homestylz', '')}
                  <Link className="link link-primary" href={HOMESTYLZ_CGV_PATH}>
                    conditions générales de vente de homestylz
                  </Link>
                </span>
              </label>
              {err('acceptCgv') ? (
                <p id="checkout-cgv-error" className="mt-1 pl-9 text-sm text-error">
                  {err('acceptCgv')}
                </p>
              ) : null}
            </div>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                className="checkbox checkbox-primary mt-0.5"
                {...register('expressStart')}
              />
              <span>{EXPRESS_LABEL}</span>
            </label>
          </div>

          {form.failure ? (
            <p role="alert" className="rounded-box border border-error/40 bg-error/10 p-3 text-sm">
              {form.failure}
            </p>
          ) : null}

          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <button
              type="submit"
              className="btn btn-primary btn-lg"
              disabled={formState.isSubmitting}
              aria-busy={formState.isSubmitting}
            >
              Payer
            </button>
            <p className="text-sm text-base-content/75">
              {formatEuro(basket.subtotal)} TTC, par carte, sur la page de paiement sécurisée.
            </p>
          </div>
        </form>
      </div>
    </>
  );
}
