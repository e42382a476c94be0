import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from '../../src/web/ui';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('are added closed, opened on the next tick, removed when the close animation ends', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Подпись не проверена');
    });
    const item = screen.getByRole('alert');
    expect(item).toHaveTextContent('Подпись не проверена');
    expect(item).toHaveAttribute('data-open', 'false');
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(item).toHaveAttribute('data-open', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(item).toHaveAttribute('data-open', 'false');
    expect(screen.queryByRole('alert')).not.toBeNull();
    fireEvent.transitionEnd(item);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('come in four kinds; success closes by itself, error stays until closed', () => {
    render(<Toaster />);
    act(() => {
      toast.success('ok');
      toast.info('fyi');
      toast.warning('careful');
      toast.error('bad');
      vi.advanceTimersByTime(0);
    });
    expect(document.querySelectorAll('.toast')).toHaveLength(4);
    expect([...document.querySelectorAll('.toast')].map((e) => e.getAttribute('data-kind'))).toEqual([
      'success',
      'info',
      'warning',
      'error',
    ]);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    const left = [...document.querySelectorAll('.toast')].map((e) => e.getAttribute('data-kind'));
    expect(left).toEqual(['error']);
  });
});
