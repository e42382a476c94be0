import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS } from '../../../engine/constants';
import {
  type ClassifierItem,
  type OrgProduct,
  useClassifierSearch,
  useOwnProducts,
} from '../../api/reference';
import { Button, Input, Modal } from '../../ui';
import { langOf } from '../format';
import './classifierPicker.css';

/** What a pick fills in a product line (national names). */
export interface ClassifierPick {
  CatalogCode: string;
  CatalogName: string;
  PackageCode?: string;
  PackageName?: string;
  /** The line's own name, when the pick is one of the company's products. */
  Name?: string;
}

export interface ClassifierPickerProps {
  open: boolean;
  initialQuery?: string;
  onClose(): void;
  onPick(pick: ClassifierPick): void;
}

const PAGE_SIZE = 20;
const OWN_SIZE = 5;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Search the whole classifier (MXIK) by code prefix or by words in Russian, Uzbek Latin or Uzbek
 * Cyrillic (GET /api/Document/getProductsClassifier) and choose a code and one of its package codes.
 * The company's own products (OrgSetting) that match come first. Demo codes are marked as such.
 */
export function ClassifierPicker({ open, initialQuery = '', onClose, onPick }: ClassifierPickerProps) {
  const { t, i18n } = useTranslation(['reference', 'form']);
  const lang = langOf(i18n.language);
  const [query, setQuery] = useState(initialQuery);
  const search = useDebounced(query.trim(), query.trim() === initialQuery.trim() ? 0 : FILTER_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<ClassifierItem | null>(null);
  const found = useClassifierSearch(search, PAGE_SIZE, lang);
  const own = useOwnProducts(search, OWN_SIZE);
  const searchId = useId();
  const items = found.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = found.data?.pages[0]?.totalCount ?? 0;
  const ownRows = own.data?.rows ?? [];
  const anyDemo = items.some((i) => i.isDemo);

  const pick = (item: ClassifierItem, packageIndex?: number) => {
    const pkg = packageIndex === undefined ? undefined : item.packages[packageIndex];
    onPick({
      CatalogCode: item.code,
      CatalogName: item.name,
      PackageCode: pkg?.code,
      PackageName: pkg?.name,
    });
  };
  const choose = (item: ClassifierItem) => {
    if (item.packages.length <= 1) pick(item, item.packages.length === 1 ? 0 : undefined);
    else setChosen(item);
  };
  const pickOwn = (product: OrgProduct) =>
    onPick({
      CatalogCode: product.catalogCode,
      CatalogName: product.catalogName ?? '',
      PackageCode: product.packageCode ?? undefined,
      PackageName: product.packageName ?? undefined,
      Name: product.name,
    });

  return (
    <Modal
      open={open}
      title={t('form:classifier.title')}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('form:classifier.cancel')}
        </Button>
      }
    >
      {chosen ? (
        <fieldset className="classifier-packages">
          <legend>{t('form:classifier.choosePackage', { code: chosen.code })}</legend>
          {chosen.packages.map((pkg, i) => (
            <Button key={pkg.code} variant="ghost" onClick={() => pick(chosen, i)}>
              {pkg.code} — {pkg.name}
            </Button>
          ))}
        </fieldset>
      ) : (
        <>
          <label htmlFor={searchId} className="form-item-label">
            {t('form:classifier.search')}
          </label>
          <Input
            id={searchId}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            placeholder={t('reference:picker.placeholder')}
          />
          {anyDemo && (
            <p className="classifier-demo-note" role="note">
              {t('reference:picker.demoNote')}
            </p>
          )}
          {ownRows.length > 0 && (
            <section aria-label={t('reference:picker.own')} className="classifier-own">
              <h3 className="classifier-heading">{t('reference:picker.own')}</h3>
              <ul className="classifier-results">
                {ownRows.map((product) => (
                  <li key={product.id}>
                    <button type="button" className="classifier-item" onClick={() => pickOwn(product)}>
                      <span className="classifier-code">{product.catalogCode}</span>
                      <span>
                        {product.name}
                        {product.packageName && (
                          <span className="classifier-package"> · {product.packageName}</span>
                        )}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <p className="classifier-count" aria-live="polite">
            {found.isError
              ? t('reference:picker.unavailable')
              : found.isPending
                ? t('reference:picker.searching')
                : t('reference:picker.count', { count: total })}
          </p>
          <ul
            className="classifier-results"
            aria-label={t('form:classifier.results')}
            aria-busy={found.isFetching}
          >
            {!found.isPending && !found.isError && items.length === 0 && (
              <li className="classifier-empty">{t('form:classifier.nothing')}</li>
            )}
            {items.map((item) => (
              <li key={item.code}>
                <button type="button" className="classifier-item" onClick={() => choose(item)}>
                  <span className="classifier-code">{item.code}</span>
                  <span>
                    {item.name || t('form:classifier.noName')}
                    {item.label && <span className="classifier-tag"> {t('reference:picker.marked')}</span>}
                    {item.isDemo && (
                      <span className="classifier-tag classifier-tag--demo">
                        {' '}
                        {t('reference:picker.demo')}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {found.hasNextPage && (
            <Button
              variant="secondary"
              onClick={() => void found.fetchNextPage()}
              disabled={found.isFetchingNextPage}
            >
              {t('reference:picker.more', { shown: items.length, total })}
            </Button>
          )}
        </>
      )}
    </Modal>
  );
}
