/**
 * A form island (`<Island hydrate="intent">`, ../lib/island.tsx) comes to life when a person
 * starts to use it, not when the page loads (issue 27): its code (the form library, the zod
 * schemas) is fetched with the page (modulepreload: downloaded and compiled, not run) and run at
 * the first pointer, touch, focus or key inside it. A visitor who only reads the page never pays
 * for it; one who fills the form pays once, a few milliseconds, while their finger is still down.
 * A first visit's whole page starts the same way (./first-touch.ts).
 *
 * Nothing the person does in between is lost:
 * - what they type or tick before the form is live is noted, and written back (with the events
 *   the form listens to) once it is, since a form library sets its fields to their defaults when
 *   it takes them over;
 * - a press of one of its buttons, or a submission (Enter in a field), is held, then replayed on
 *   the live form; the browser never submits the raw HTML form.
 * Links inside the island work as links throughout, except on a whole page (`linkOf`), where a
 * link of the app is held too and followed by the app once live.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const INTENT = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * Writes a value back as a person would have, so that the form's own listeners hear it: a form
 * library may have reset the field when it took it over, and a controlled field keeps the DOM's
 * value while its state is still empty, so it is written even when it looks unchanged.
 */
function writeBack(field: Field, value: string | boolean): void {
  if (isToggle(field)) {
    // A click is what a form library hears from a checkbox or a radio button: twice when it
    // already shows the value (the second click is the one that sets the form's state).
    if (field.checked === value) field.click();
    field.click();
    return;
  }
  // Through the element's own property first (React notes it as the value it knows), then the
  // prototype's setter, which React does not see: the event that follows is a change to it.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Waits for a person to reach into `element`, then calls `hydrate`, which renders the island and
 * calls back once its effects have run (or fails to load it).
 */
export function hydrateOnIntent(
  element: HTMLElement,
  hydrate: (onReady: () => void, onFailure: () => void, touched: Element | null) => void,
  {
    linkOf,
  }: {
    /**
     * For a whole page (./first-touch.ts): the link a click follows within the app, held and
     * replayed like a button's press; the page stays HTML if its code cannot load, and the link
     * is then followed by the browser.
     */
    linkOf?: (event: MouseEvent) => URL | null;
  } = {},
) {
  const typed = new Map<Field, string | boolean>();
  let held: (() => void) | undefined;
  /** Where a held press of a link leads (a whole page only). */
  let heldLink: string | undefined;
  let started = false;

  const note = (event: Event) => {
    const field = event.target;
    if (isField(field)) typed.set(field, isToggle(field) ? field.checked : field.value);
  };
  const hold = (event: Event) => {
    const target = event.target as Element | null;
    if (event.type === 'submit') {
      const form = target as HTMLFormElement;
      held = () => form.requestSubmit();
    } else {
      const button =
        target?.closest?.('button, input[type="submit"], input[type="button"]') ??
        (linkOf?.(event as MouseEvent) ? target?.closest?.('a[href]') : null);
      if (!(button instanceof HTMLElement) || !element.contains(button)) return;
      held = () => button.click();
      if (button instanceof HTMLAnchorElement) heldLink = button.href;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    start(event);
  };
  const listen = (on: boolean) => {
    const method = on ? 'addEventListener' : 'removeEventListener';
    for (const type of ['input', 'change']) element[method](type, note, true);
    for (const type of ['click', 'submit']) element[method](type, hold, true);
  };

  const stop = () => {
    for (const type of INTENT) element.removeEventListener(type, start, true);
    listen(false);
  };

  function start(event?: Event) {
    if (started) return;
    started = true;
    const touched = event?.target instanceof Element ? event.target : null;
    hydrate(
      () => {
        stop();
        for (const [field, value] of typed) if (element.contains(field)) writeBack(field, value);
        const replay = held;
        held = undefined;
        heldLink = undefined;
        // After the form has taken the values written back (React commits them in a microtask):
        // the press acts on what the person typed.
        if (replay) setTimeout(replay);
      },
      // Its code could not be loaded (no network, a new version online): the form stays as it
      // is, typed text included, never sent raw; the next touch tries again. A page stays HTML,
      // its links followed by the browser.
      () => {
        const link = heldLink;
        held = undefined;
        heldLink = undefined;
        if (!linkOf) started = false;
        else {
          stop();
          if (link) window.location.assign(link);
        }
      },
      touched,
    );
  }

  listen(true);
  for (const type of INTENT)
    element.addEventListener(type, start, { capture: true, passive: true });
  /** Starts without waiting for a touch. */
  return () => start();
}
