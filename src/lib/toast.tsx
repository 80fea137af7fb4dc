import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts (spec 2.8: top-right, 5000 ms). react-hot-toast is loaded with the first toast, not
 * with the page: most visits never show one, and the home page has a 90 KB script budget.
 * This module is the only place that imports it.
 */
let wanted = false;
const listeners = new Set<() => void>();

function load() {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  return import('react-hot-toast');
}

/** `id`: a later toast of the same id replaces the one still shown (a progress, then its end). */
export const notify = {
  success: (message: string, id?: string) =>
    void load().then(({ default: toast }) => toast.success(message, { id })),
  error: (message: string) => void load().then(({ default: toast }) => toast.error(message)),
  info: (message: string, id?: string) =>
    void load().then(({ default: toast }) => toast(message, { id })),
};

const LazyToaster = lazy(() =>
  import('react-hot-toast').then(({ Toaster }) => ({
    default: () => <Toaster position="top-right" toastOptions={{ duration: 5000 }} />,
  })),
);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Mount once in the shell; renders nothing until a toast is asked for. */
export function ToastHost() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
