import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toBase64 } from '../../engine/cms/bytes';
import { listKindSummaries } from '../../engine/registry';
import { ApiRequestError } from '../api/client';
import { type ImportResult, importReceivedDocuments, type ReceivedDocumentInput } from '../api/interop';
import { Button, FormItem, Modal, Select } from '../ui';
import { SignerList } from './SignerList';
import './interop.css';

interface Picked {
  name: string;
  input?: ReceivedDocumentInput;
  /** Why the file cannot be sent (read here, before any request). */
  problem?: string;
}

/** The CMS of a file: a .p7s (DER) as Base64, or the Base64/PEM text it already is. */
async function readSignature(file: File): Promise<string | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0x30) return toBase64(bytes);
  const text = new TextDecoder().decode(bytes).trim();
  if (text.startsWith('{') || text.length < 16) return null;
  return text;
}

/**
 * Imports documents made elsewhere — signed documents from another operator (.p7s files or their
 * Base64 text) — into the incoming list: each one's signers checked, its findings shown, a link to it.
 */
export function ImportReceivedDialog({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  const { t } = useTranslation(['interop', 'documents', 'common']);
  const files = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<Array<{
    name: string;
    result?: ImportResult;
    problem?: string;
  }> | null>(null);
  const kinds = listKindSummaries('documents');

  const start = async () => {
    const chosen = [...(files.current?.files ?? [])];
    if (chosen.length === 0) {
      setError(t('importDialog.noFile'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const picked: Picked[] = await Promise.all(
        chosen.map(async (file) => {
          const signature = await readSignature(file);
          return signature
            ? { name: file.name, input: { signature, ...(kind ? { kind } : {}) } }
            : { name: file.name, problem: t('importDialog.notSigned') };
        }),
      );
      const sendable = picked.filter((p) => p.input);
      const answers = sendable.length ? await importReceivedDocuments(sendable.map((p) => p.input!)) : [];
      let next = 0;
      setResults(picked.map((p) => (p.input ? { name: p.name, result: answers[next++] } : p)));
      if (answers.some((a) => a.success)) onImported();
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('importDialog.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('importDialog.close')}
          </Button>
          <Button onClick={start} disabled={busy} data-testid="import-received-start">
            {t('importDialog.start')}
          </Button>
        </>
      }
    >
      <p className="muted">{t('importDialog.intro')}</p>
      <div className="import-received-files">
        <FormItem label={t('importDialog.files')} htmlFor="import-received-files">
          <input
            id="import-received-files"
            ref={files}
            type="file"
            multiple
            accept=".p7s,.p7m,.sig,.pem,.txt,.b64,application/pkcs7-signature"
            data-testid="import-received-files"
          />
        </FormItem>
        <FormItem label={t('importDialog.kind')} htmlFor="import-received-kind">
          <Select id="import-received-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">{t('importDialog.detect')}</option>
            {kinds.map((k) => (
              <option key={k.kind} value={k.kind}>
                {t(k.titleKey)}
              </option>
            ))}
          </Select>
        </FormItem>
        {error && (
          <p role="alert" className="receipt-problem">
            {error}
          </p>
        )}
      </div>
      {results && (
        <ul className="import-received-results" data-testid="import-received-results">
          {results.map(({ name, result, problem }) => (
            <li key={name} className="import-received-result">
              <strong>{name}</strong>
              {problem && <p className="receipt-problem">{problem}</p>}
              {result && !result.success && <p className="receipt-problem">{result.message}</p>}
              {result?.success && result.documentId && (
                <>
                  <p>
                    {t(result.created ? 'importDialog.imported' : 'importDialog.shown', {
                      kind: result.kind ? t(`documents:kinds.${result.kind}`) : '',
                    })}{' '}
                    <Link to={`/documents/${result.documentId}`} onClick={onClose}>
                      {t('importDialog.open')}
                    </Link>
                  </p>
                  {result.recognized === false && <p className="receipt-problem">{t('view.unrecognized')}</p>}
                  {(result.warnings?.length ?? 0) > 0 && (
                    <p>{t('importDialog.warnings', { count: result.warnings!.length })}</p>
                  )}
                  <SignerList signers={result.signers ?? []} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
