import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';

export interface ToolbarProps {
  onAdd(): void;
  onImport(file: File): void;
  rowCount: number;
}

/** Add a line, import lines from a spreadsheet file; pasting works anywhere in the table (Ctrl+V). */
export function Toolbar({ onAdd, onImport, rowCount }: ToolbarProps) {
  const { t } = useTranslation('form');
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="pt-toolbar" role="toolbar" aria-label={t('productTable.toolbar')}>
      <Button type="button" onClick={onAdd}>
        {t('productTable.add')}
      </Button>
      <Button type="button" variant="secondary" onClick={() => fileRef.current?.click()}>
        {t('productTable.import')}
      </Button>
      <input
        ref={fileRef}
        type="file"
        hidden
        accept=".xlsx,.xls,.ods,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label={t('productTable.import')}
        data-testid="product-import-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onImport(file);
          event.target.value = '';
        }}
      />
      <span className="pt-hint">{t('productTable.pasteHint')}</span>
      <span className="pt-count" aria-live="polite">
        {t('productTable.count', { count: rowCount })}
      </span>
    </div>
  );
}
