import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyRights, useOrganization } from '../../api/settings';
import { useProfile } from '../../auth/profile';
import { Loading } from '../../ui';
import { Accountants } from './requisite/Accountants';
import { BankAccounts } from './requisite/BankAccounts';
import { Branches } from './requisite/Branches';
import { ChangeHistory } from './requisite/ChangeHistory';
import { CompanyDetails } from './requisite/CompanyDetails';
import './settings.css';

/**
 * /settings/requisite: the company details (the engine's company form), "change requisites" from the
 * tax authority's registry with a preview, bank accounts, branches, accountants and the history of
 * changes. Any member reads; editing needs admin:requisites.
 */
export default function RequisitePage() {
  const { t } = useTranslation(['settings', 'common']);
  const profile = useProfile();
  const rights = useMyRights();
  const organization = useOrganization(profile?.organizationId);
  const canEdit = rights.data?.has('admin:requisites') ?? false;
  return (
    <section className="page" aria-labelledby="requisite-title">
      <h1 id="requisite-title">{t('common:menu.companyDetails')}</h1>
      {organization.isPending || rights.isPending ? (
        <Loading />
      ) : organization.isError ? (
        <p role="alert">{organization.error.message}</p>
      ) : (
        <div className="settings-grid">
          <Suspense fallback={<Loading />}>
            <CompanyDetails organization={organization.data} canEdit={canEdit} />
          </Suspense>
          <BankAccounts canEdit={canEdit} />
          <Branches canEdit={canEdit} />
          <Accountants canEdit={canEdit} />
          {canEdit && <ChangeHistory />}
        </div>
      )}
    </section>
  );
}
