import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../engine/constants';
import { Button } from './Button';
import { pageCount, paginationWindow, rangeOf } from './paginationWindow';
import './Pagination.css';

export interface PaginationProps {
  /** The page the view starts at (1-based). */
  page: number;
  /** The last page appended by "show more"; equals page when nothing was appended. */
  lastPage?: number;
  size: number;
  total: number;
  sizes?: readonly number[];
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** Appends the next page's rows; the button hides on the last page. */
  onShowMore?: () => void;
  showMoreLoading?: boolean;
  /** Names the pager for screen readers when a screen has more than one. */
  label?: string;
}

/** Show-more, numbered pages with an ellipsis window, the range label and the page-size choice. */
export function Pagination({
  page,
  lastPage = page,
  size,
  total,
  sizes = PAGE_SIZE_OPTIONS,
  onPageChange,
  onSizeChange,
  onShowMore,
  showMoreLoading,
  label,
}: PaginationProps) {
  const { t } = useTranslation('common');
  const sizeId = useId();
  const pages = pageCount(total, size);
  const { from, to } = rangeOf(page, lastPage, size, total);
  const slots = paginationWindow(lastPage, pages);
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      <p className="pagination-range" aria-live="polite">
        {t('pagination.range', { from, to, total })}
      </p>
      {onShowMore && lastPage < pages && (
        <Button
          variant="secondary"
          className="pagination-more"
          onClick={onShowMore}
          loading={showMoreLoading}
        >
          {t('pagination.showMore')}
        </Button>
      )}
      {pages > 1 && (
        <ul className="pagination-pages">
          <li>
            <button
              type="button"
              className="pagination-page"
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
              aria-label={t('pagination.previous')}
            >
              ‹
            </button>
          </li>
          {slots.map((slot) =>
            typeof slot === 'number' ? (
              <li key={slot}>
                <button
                  type="button"
                  className="pagination-page"
                  aria-current={slot === page ? 'page' : undefined}
                  data-loaded={slot > page && slot <= lastPage ? 'true' : undefined}
                  aria-label={t('pagination.page', { page: slot })}
                  onClick={() => onPageChange(slot)}
                >
                  {slot}
                </button>
              </li>
            ) : (
              <li key={slot} className="pagination-gap" aria-hidden="true">
                …
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className="pagination-page"
              disabled={lastPage >= pages}
              onClick={() => onPageChange(lastPage + 1)}
              aria-label={t('pagination.next')}
            >
              ›
            </button>
          </li>
        </ul>
      )}
      <div className="pagination-size">
        <label htmlFor={sizeId}>{t('pagination.pageSize')}</label>
        <select
          id={sizeId}
          className="input input-sm"
          value={size}
          onChange={(e) => onSizeChange(Number(e.target.value))}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
