import { useEffect, useId, useState } from 'react';
import { toApiFailure } from '../../lib/api';
import { notify } from '../../lib/toast';
import { currentPushState, turnPushOff, turnPushOn, type PushState } from './push-device';

const said: Record<PushState, string> = {
  on: 'Activées sur cet appareil.',
  off: 'Désactivées sur cet appareil.',
  denied:
    'Bloquées pour ce site dans les réglages du navigateur\u00a0: autorisez-les là, puis revenez ici.',
  unsupported: 'Ce navigateur ne peut pas recevoir de notifications.',
  'needs-install':
    'Sur iPhone et iPad, ajoutez d’abord Chassimmo à l’écran d’accueil (Partager, puis «\u00a0Sur l’écran d’accueil\u00a0»), puis ouvrez-le depuis son icône.',
};

/**
 * What went wrong, in words that fit: the server's own message, or no network (nothing typed is
 * at stake here), or the browser's push service refusing.
 */
function failureOf(error: unknown): string {
  const failure = toApiFailure(error);
  if (failure.status !== null) return failure.message;
  if (!navigator.onLine || (error instanceof Error && error.name === 'FetchError'))
    return 'Pas de réseau\u00a0: les notifications ne peuvent pas être activées maintenant. Réessayez une fois connecté.';
  return 'Le navigateur n’a pas pu activer les notifications. Réessayez dans un instant.';
}

/**
 * « Recevoir les notifications sur cet appareil » (issue 29, docs/push.md): a checkbox that asks the
 * browser's permission only when the person turns it on, shows where this device stands, and
 * turns notifications off. `compact`: one line, for a screen's header (« Aujourd’hui »).
 */
export function PushOptIn({ compact = false, what }: { compact?: boolean; what?: string }) {
  const id = useId();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void currentPushState()
      .catch((): PushState => 'unsupported')
      .then((s) => {
        if (live) setState(s);
      });
    return () => {
      live = false;
    };
  }, []);

  const change = (on: boolean) => {
    setBusy(true);
    // turnPushOn asks the permission first thing, still inside this click.
    void (on ? turnPushOn() : turnPushOff())
      .then((next) => {
        setState(next);
        if (on && next === 'on')
          notify.success('Les notifications sont activées sur cet appareil.');
      })
      .catch((error: unknown) => notify.error(failureOf(error)))
      .finally(() => setBusy(false));
  };

  const usable = state === 'on' || state === 'off';
  return (
    <div
      className={
        compact
          ? 'flex max-w-xs items-start gap-3 rounded-box border border-base-300 bg-base-100 px-3 py-2'
          : 'flex items-start gap-3'
      }
    >
      <input
        id={`${id}-switch`}
        type="checkbox"
        className="checkbox checkbox-primary mt-0.5 shrink-0"
        checked={state === 'on'}
        disabled={!usable || busy}
        aria-describedby={`${id}-state`}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      <div className="min-w-0">
        <label htmlFor={`${id}-switch`} className={compact ? 'text-sm font-medium' : 'font-medium'}>
          Recevoir les notifications sur cet appareil
        </label>
        <p
          id={`${id}-state`}
          aria-live="polite"
          className={`text-sm text-base-content/75 ${compact ? '' : 'mt-1'}`}
        >
          {state === null ? 'Vérification…' : said[state]}
          {!compact && what && state === 'off' ? ` ${what}` : null}
        </p>
      </div>
    </div>
  );
}
