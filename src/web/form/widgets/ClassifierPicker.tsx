import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal } from '../../ui';
import { langOf } from '../format';
import { type ClassifierItem, searchDemoClassifier } from './classifierData';

/** What a pick fills in a product line (national names). */
export interface ClassifierPick {
  CatalogCode: string;
  CatalogName: string;
  PackageCode?: string;
  PackageName?: string;
}

export interface ClassifierPickerProps {
  open: boolean;
  initialQuery?: string;
  onClose(): void;
  onPick(pick: ClassifierPick): void;
}

/** Search the classifier (MXIK) and choose a code and one of its package codes. */
export function ClassifierPicker({ open, initialQuery = '', onClose, onPick }: ClassifierPickerProps) {
  const { t, i18n } = useTranslation('form');
  const lang = langOf(i18n.language);
  const [query, setQuery] = useState(initialQuery);
  const [chosen, setChosen] = useState<ClassifierItem | null>(null);
  const results = useMemo(() => searchDemoClassifier(query, lang), [query, lang]);
  const searchId = useId();

  const pick = (item: ClassifierItem, packageIndex?: number) => {
    const pkg = packageIndex === undefined ? undefined : item.packages[packageIndex];
    onPick({
      CatalogCode: item.code,
      CatalogName: item.name,
      PackageCode: pkg ? String(pkg.code) : undefined,
      PackageName: pkg?.name,
    });
  };
  const choose = (item: ClassifierItem) => {
    if (item.packages.length <= 1) pick(item, item.packages.length === 1 ? 0 : undefined);
    else setChosen(item);
  };

  return (
    <Modal
      open={open}
      title={t('classifier.title')}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('classifier.cancel')}
        </Button>
      }
    >
      <p className="classifier-demo-note" role="note">
        {t('classifier.demoNote')}
      </p>
      {chosen ? (
        <fieldset className="classifier-packages">
          <legend>{t('classifier.choosePackage', { code: chosen.code })}</legend>
          {chosen.packages.map((pkg, i) => (
            <Button key={String(pkg.code)} variant="ghost" onClick={() => pick(chosen, i)}>
              {pkg.code} — {pkg.name}
            </Button>
          ))}
        </fieldset>
      ) : (
        <>
          <label htmlFor={searchId} className="form-item-label">
            {t('classifier.search')}
          </label>
          <Input id={searchId} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
          <ul className="classifier-results" aria-label={t('classifier.results')}>
            {results.length === 0 && <li className="classifier-empty">{t('classifier.nothing')}</li>}
            {results.map((item) => (
              <li key={item.code}>
                <button type="button" className="classifier-item" onClick={() => choose(item)}>
                  <span className="classifier-code">{item.code}</span>
                  <span>{item.name || t('classifier.noName')}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
