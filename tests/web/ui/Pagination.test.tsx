import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../../src/web/ui/Pagination';

function setup(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const handlers = { onPageChange: vi.fn(), onSizeChange: vi.fn(), onShowMore: vi.fn() };
  render(<Pagination page={1} size={18} total={320} {...handlers} {...props} />);
  return handlers;
}

const pageButtons = () =>
  screen
    .queryAllByRole('button')
    .filter((b) => /^Страница \d+$/.test(b.getAttribute('aria-label') ?? ''))
    .map((b) => b.textContent);

describe('Pagination', () => {
  it('shows the range, the first seven pages, a gap and the last page, the current one marked', () => {
    setup();
    expect(screen.getByText('1–18 из 320')).toBeInTheDocument();
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7', '18']);
    expect(screen.getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
  });

  it('moves between pages and changes the size', async () => {
    const user = userEvent.setup();
    const h = setup({ page: 10 });
    expect(pageButtons()).toEqual(['1', '8', '9', '10', '11', '12', '18']);
    await user.click(screen.getByRole('button', { name: 'Страница 12' }));
    expect(h.onPageChange).toHaveBeenLastCalledWith(12);
    await user.click(screen.getByRole('button', { name: 'Предыдущая страница' }));
    expect(h.onPageChange).toHaveBeenLastCalledWith(9);
    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(h.onPageChange).toHaveBeenLastCalledWith(11);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Строк на странице' }), '54');
    expect(h.onSizeChange).toHaveBeenCalledWith(54);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['18', '36', '54', '72', '90']);
  });

  it('after show more: the range spans the appended pages and next continues after them', async () => {
    const user = userEvent.setup();
    const h = setup({ page: 2, lastPage: 3 });
    expect(screen.getByText('19–54 из 320')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Страница 3' })).toHaveAttribute('data-loaded', 'true');
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(h.onShowMore).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(h.onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('hides show more and next on the last page, and the page list when there is one page', () => {
    setup({ page: 18 });
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
    expect(screen.getByText('307–320 из 320')).toBeInTheDocument();
  });

  it('shows no page buttons for a single page', () => {
    setup({ total: 7 });
    expect(pageButtons()).toEqual([]);
    expect(screen.getByText('1–7 из 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });
});
