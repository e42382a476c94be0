import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTER_DEBOUNCE_MS } from '../../../src/engine/constants';
import { useDebouncedValue } from '../../../src/web/pages/catalogue/useDebouncedValue';

describe('useDebouncedValue', () => {
  afterEach(() => vi.useRealTimers());

  it('passes a value on only after it stayed unchanged for 600 ms', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, FILTER_DEBOUNCE_MS), {
      initialProps: { value: '' },
    });
    expect(FILTER_DEBOUNCE_MS).toBe(600);
    rerender({ value: '0' });
    act(() => vi.advanceTimersByTime(599));
    rerender({ value: '03' }); // typing again restarts the wait
    act(() => vi.advanceTimersByTime(599));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('03');
  });
});
