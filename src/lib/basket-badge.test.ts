// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASKET_BADGE_KEY, readBadge, subscribeBadge } from './basket-badge';
import { publishBadge } from './publish-badge';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('basket badge mirror', () => {
  it('reads nothing until a badge is published, then the text, then nothing again', () => {
    expect(readBadge()).toBe('');
    publishBadge('3');
    expect(localStorage.getItem(BASKET_BADGE_KEY)).toBe('3');
    expect(readBadge()).toBe('3');
    publishBadge('');
    expect(localStorage.getItem(BASKET_BADGE_KEY)).toBeNull();
    expect(readBadge()).toBe('');
  });

  it('tells this tab of a change it publishes', () => {
    const onChange = vi.fn();
    const unsubscribe = subscribeBadge(onChange);
    publishBadge('+99');
    expect(onChange).toHaveBeenCalledTimes(1);
    unsubscribe();
    publishBadge('1');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('tells this tab of another tab’s change (storage event), not of other keys', () => {
    const onChange = vi.fn();
    const unsubscribe = subscribeBadge(onChange);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'x' }));
    expect(onChange).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: BASKET_BADGE_KEY, newValue: '2' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(onChange).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('reads as empty where storage throws', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('Blocked.', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readBadge(blocked)).toBe('');
    expect(readBadge(null)).toBe('');
  });

  it('drives useSyncExternalStore: the text shown follows both tabs', () => {
    const { result } = renderHook(() => useSyncExternalStore(subscribeBadge, readBadge, () => ''));
    expect(result.current).toBe('');
    act(() => publishBadge('4'));
    expect(result.current).toBe('4');
    act(() => {
      // Another tab wrote it: the browser changes the value, then fires the event here.
      localStorage.setItem(BASKET_BADGE_KEY, '5');
      window.dispatchEvent(new StorageEvent('storage', { key: BASKET_BADGE_KEY, newValue: '5' }));
    });
    expect(result.current).toBe('5');
  });
});
