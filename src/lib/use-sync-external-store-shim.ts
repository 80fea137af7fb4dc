/**
 * wouter imports React's old `use-sync-external-store` shim for React < 18. React 19 has the hook
 * built in: vite.config.ts points the shim here, so the first download does not carry it.
 */
export { useSyncExternalStore } from 'react';
