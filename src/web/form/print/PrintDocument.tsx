import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPrintModel, type DocumentFacts, printTree, type SignatureEvent } from '../../../engine/print';
import { hasKind, listKinds, loadKind } from '../../../engine/registry';
import '../../../engine/print/printForm.css';
import { currentLocale } from '../../i18n';
import { Loading } from '../../ui';
import { treeToReact } from './treeToReact';

/** Namespaces the print model reads: its own texts, field titles, option names, kinds, statuses. */
export const PRINT_NAMESPACES = ['print', 'forms', 'documents', 'exchange'] as const;

/** Which kind prints: by name, or (the form's print mode, until it passes the name) by its schema. */
type PrintKind = { kind: string } | { schema: unknown; uiSchema?: unknown; titleKey?: string };

export type PrintDocumentProps = PrintKind & PrintData;

interface PrintData {
  data: Record<string, unknown>;
  /** The stored document's id and shown status. */
  document?: DocumentFacts;
  /** Its signature events: the stamps. */
  signatures?: SignatureEvent[];
  /** The public verification link of a signed document: the QR. */
  verifyUrl?: string | null;
}

/** The kind's schema, UI schema and print layout, loaded on first use (one chunk per kind). */
function useKindLoaded(kind: string): boolean {
  const [loaded, setLoaded] = useState(() => hasKind(kind));
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!kind) return;
    if (hasKind(kind)) {
      setLoaded(true);
      return;
    }
    let live = true;
    setLoaded(false);
    loadKind(kind).then(
      () => live && setLoaded(true),
      (reason) => live && setError(reason),
    );
    return () => {
      live = false;
    };
  }, [kind]);
  if (error) throw error;
  return Boolean(kind) && loaded && hasKind(kind);
}

/** The QR of the verification link, drawn here with the options the server's PNG uses. */
function useQrSrc(url: string | null | undefined): string | undefined {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!url) {
      setSrc(undefined);
      return;
    }
    let live = true;
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 264 }).then(
      (data) => live && setSrc(data),
      () => live && setSrc(undefined),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src;
}

/**
 * The printed form (issue 14): the engine's print model of the kind's print.json, rendered as the
 * same HTML the server gives (DocumentContent/getHtml), in the reader's language, styled for A4
 * (landscape where the kind's layout says so) by printForm.css. Used by the print page of a stored
 * document and by the form's print mode.
 */
export function PrintDocument(props: PrintDocumentProps) {
  const { data, document, signatures, verifyUrl } = props;
  const kind =
    'kind' in props
      ? props.kind
      : (listKinds('documents').find((definition) => definition.schema === props.schema)?.kind ?? '');
  const { t } = useTranslation([...PRINT_NAMESPACES]);
  const ready = useKindLoaded(kind);
  const qrSrc = useQrSrc(verifyUrl);
  const lang = currentLocale();
  const tree = useMemo(() => {
    if (!ready) return null;
    const model = buildPrintModel({
      kind,
      content: data,
      lang,
      t: (key, params) => t(key, params as never) as unknown as string,
      document,
      signatures,
      verifyUrl: verifyUrl ?? undefined,
    });
    return printTree(model, { qrSrc });
    // `t` and `lang` change with the language: the form is built again in it.
  }, [ready, kind, data, lang, t, document, signatures, verifyUrl, qrSrc]);
  if (!tree) return <Loading />;
  return <>{treeToReact(tree)}</>;
}
