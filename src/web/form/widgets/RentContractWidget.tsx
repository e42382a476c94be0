import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueAt } from '../../../engine/ui/tableColumns';
import { ApiRequestError } from '../../api/client';
import { fetchRentContracts, type RentContract } from '../../api/reference';
import { type FormServices, pathOfId } from '../theme/formContext';
import { TextWidget } from './TextWidget';

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'needCounterparty' }
  | { status: 'unavailable' }
  | { status: 'done'; rows: RentContract[] };

/**
 * The rent block's contract id (invoice FacturaRentDoc/RentId): typed by hand, or chosen from the rent
 * contracts the tax authority holds between the caller (the lessor) and the counterparty
 * (GET /api/Document/getRentedContracts). Where the counterparty's TIN is and which fields beside the
 * id take the contract's period are the ui.json's declaration (`ui:options`: `counterparty` pointer,
 * `from`, `to` field names), so no kind is named here. Without the tax authority it says so and the
 * block stays typed by hand.
 */
export function RentContractWidget(props: WidgetProps) {
  const { id, options, registry, onChange, readonly, disabled } = props;
  const { t } = useTranslation('form');
  const services = registry.formContext as FormServices | undefined;
  const [state, setState] = useState<State>({ status: 'idle' });
  const counterpartyAt = typeof options.counterparty === 'string' ? options.counterparty : undefined;

  const ask = async () => {
    const tin = counterpartyAt ? valueAt(services?.data.get(), counterpartyAt) : undefined;
    if (typeof tin !== 'string' || !/^(\d{9}|\d{14})$/.test(tin))
      return setState({ status: 'needCounterparty' });
    setState({ status: 'loading' });
    try {
      setState({ status: 'done', rows: await fetchRentContracts(tin) });
    } catch (error) {
      setState({ status: error instanceof ApiRequestError && error.status < 500 ? 'idle' : 'unavailable' });
    }
  };

  const choose = (contract: RentContract) => {
    onChange(contract.rentId);
    const block = pathOfId(id).slice(0, -1);
    if (services && typeof options.from === 'string')
      services.setFieldValue([...block, options.from], contract.from);
    if (services && typeof options.to === 'string')
      services.setFieldValue([...block, options.to], contract.to);
    setState({ status: 'idle' });
  };

  const message =
    state.status === 'needCounterparty'
      ? t('rent.needCounterparty')
      : state.status === 'unavailable'
        ? t('rent.unavailable')
        : state.status === 'loading'
          ? t('rent.loading')
          : state.status === 'done' && state.rows.length === 0
            ? t('rent.none')
            : null;

  return (
    <div className="rent-contract">
      <TextWidget {...props} />
      {!readonly && !disabled && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void ask()}>
          {t('rent.choose')}
        </button>
      )}
      {message && (
        <p className="muted" role="status">
          {message}
        </p>
      )}
      {state.status === 'done' && state.rows.length > 0 && (
        <ul className="rent-contracts" aria-label={t('rent.list')}>
          {state.rows.map((row) => (
            <li key={row.rentId}>
              <button type="button" className="btn btn-link" onClick={() => choose(row)}>
                {t('rent.row', {
                  id: row.rentId,
                  number: row.contractNo ?? '—',
                  date: row.contractDate ?? '—',
                  from: row.from,
                  to: row.to,
                })}
                {row.address ? ` · ${row.address}` : ''}
                {row.isDemo ? ` (${t('rent.demo')})` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
