import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyRights } from '../../api/settings';
import { Loading, Tabs } from '../../ui';
import { NoAuthority } from './shared/NoAuthority';
import { ApprovalTab } from './staff/ApprovalTab';
import { RolesTab } from './staff/RolesTab';
import { StaffTab } from './staff/StaffTab';
import { StructureTab } from './staff/StructureTab';
import './settings.css';

type Tab = 'staff' | 'roles' | 'structure' | 'approval';

/** /settings/staff: staff, their roles and access (kinds × rights), departments and positions, approval. */
export default function StaffPage() {
  const { t } = useTranslation(['settings', 'common']);
  const rights = useMyRights();
  const [tab, setTab] = useState<Tab>('staff');
  const title = t('common:menu.staff');
  if (rights.isPending) return <Loading />;
  if (!rights.data?.has('admin:staff')) return <NoAuthority title={title} />;
  return (
    <section className="page" aria-labelledby="staff-page-title">
      <h1 id="staff-page-title">{title}</h1>
      <div className="settings-tabs">
        <Tabs
          label={title}
          active={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            { key: 'staff', label: t('tabs.staff') },
            { key: 'roles', label: t('tabs.roles') },
            { key: 'structure', label: t('tabs.structure') },
            { key: 'approval', label: t('tabs.approval') },
          ]}
        />
      </div>
      <div role="tabpanel" style={{ marginTop: '1rem' }}>
        {tab === 'staff' && <StaffTab />}
        {tab === 'roles' && <RolesTab />}
        {tab === 'structure' && <StructureTab />}
        {tab === 'approval' && <ApprovalTab />}
      </div>
    </section>
  );
}
