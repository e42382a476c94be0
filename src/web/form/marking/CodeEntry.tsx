import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GS, splitPastedCodes } from '../../../engine/marking';
import { Button } from '../../ui/Button';
import { GS_TEXT } from './gsText';

/**
 * One input for every way a code arrives: typed and Enter; a scanner acting as a keyboard (fast
 * keystrokes ending with Enter; the group separator arrives as Ctrl+] — the key that types ASCII 29 —
 * or as a substitute text the engine reads, such as <GS>); a paste of one code, or of many (a list,
 * one per line, or a column or block copied from a spreadsheet: CRLF and tabs), added at once.
 */
export function CodeEntry({ onCodes, label }: { onCodes: (codes: string[]) => void; label: string }) {
  const { t } = useTranslation('marking');
  const [text, setText] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const inputId = useId();

  const submit = () => {
    const codes = splitPastedCodes(text);
    setText('');
    if (codes.length) onCodes(codes);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
      return;
    }
    if (event.ctrlKey && (event.key === ']' || event.code === 'BracketRight')) {
      event.preventDefault();
      const input = event.currentTarget;
      const at = input.selectionStart ?? text.length;
      setText(`${text.slice(0, at)}${GS_TEXT}${text.slice(input.selectionEnd ?? at)}`);
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.stopPropagation(); // the product table's own paste (rows from a spreadsheet) is not for this
    const pasted = event.clipboardData.getData('text');
    if (!/[\r\n\t]/.test(pasted.trim())) return; // one code: into the input, Enter adds it
    event.preventDefault();
    const codes = splitPastedCodes(pasted);
    if (codes.length) onCodes(codes);
  };

  return (
    <div className="mk-entry">
      <label htmlFor={inputId} className="mk-entry-label">
        {label}
      </label>
      <div className="mk-entry-row">
        <input
          ref={ref}
          id={inputId}
          className="input input-md mk-entry-input"
          value={text}
          onChange={(event) => setText(event.target.value.replaceAll(GS, GS_TEXT))}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          aria-describedby={hintId}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          inputMode="text"
          data-testid="marking-input"
        />
        <Button variant="secondary" onClick={submit} disabled={!text.trim()}>
          {t('add')}
        </Button>
      </div>
      <p id={hintId} className="muted mk-hint">
        {t('inputHint')}
      </p>
    </div>
  );
}
