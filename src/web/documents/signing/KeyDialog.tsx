import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CertificateList } from '../../pages/auth/CertificateList';
import { EimzoStatus } from '../../pages/auth/EimzoStatus';
import '../../pages/auth/auth.css';
import { type Certificate, isExpired, SERIAL_STORAGE_KEY, useCertificates } from '../../signing';
import { Button, Loading, Modal } from '../../ui';

function rememberedSerial(): string | null {
  try {
    return localStorage.getItem(SERIAL_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The remembered key first (spec §4 keeps its serial in local storage), then keys of the acting
 * party (its TIN or PINFL), then the rest; expired keys last (shown, not choosable).
 */
export function orderKeys(certificates: Certificate[], remembered: string | null, partyIds: string[]) {
  const rank = (c: Certificate) =>
    isExpired(c)
      ? 3
      : c.serialNumber === remembered
        ? 0
        : partyIds.includes(c.TIN) || partyIds.includes(c.PINFL)
          ? 1
          : 2;
  return [...certificates].sort((a, b) => rank(a) - rank(b));
}

/** Picks the key to sign with, then signs (the parent runs the flow while `busy`). */
export function KeyDialog({
  open,
  title,
  confirmLabel,
  partyIds,
  busy,
  onSign,
  onCancel,
  note,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** TIN/PINFL of the acting party: its keys come first. */
  partyIds: string[];
  busy: boolean;
  onSign(cert: Certificate): void;
  onCancel(): void;
  /** Said above the keys (where the document goes: "via Didox"). */
  note?: ReactNode;
}) {
  const { t } = useTranslation(['workspace', 'common']);
  const query = useCertificates();
  const remembered = rememberedSerial();
  const ordered = useMemo(
    () => orderKeys(query.certificates, remembered, partyIds),
    [query.certificates, remembered, partyIds],
  );
  const firstUsable = ordered.find((c) => !isExpired(c));
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? firstUsable?.serialNumber ?? null;
  const cert = ordered.find((c) => c.serialNumber === selected && !isExpired(c));

  return (
    <Modal
      open={open}
      title={title}
      onClose={busy ? undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => cert && onSign(cert)} disabled={!cert} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {note}
      <p className="muted">{t('workspace:sign.chooseKey')}</p>
      {query.isPending ? (
        <Loading text={t('workspace:sign.loadingKeys')} />
      ) : query.isError ? (
        <EimzoStatus error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <div className="sign-keys">
          <CertificateList
            certificates={ordered}
            total={query.certificates.length}
            selected={selected}
            onSelect={setChosen}
            onActivate={(c) => !busy && onSign(c)}
          />
        </div>
      )}
      {busy && (
        <p className="muted" role="status">
          {t('workspace:sign.signing')}
        </p>
      )}
    </Modal>
  );
}
