import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Department,
  type Position,
  useDeleteDepartment,
  useDeletePosition,
  useDepartments,
  usePositions,
  useSaveDepartment,
  useSavePosition,
} from '../../../api/settings';
import { ConfirmDialog } from '../../../documents/ConfirmDialog';
import {
  Button,
  type Column,
  EmptyState,
  FormItem,
  Input,
  Loading,
  Modal,
  Select,
  Table,
  toast,
} from '../../../ui';
import { toastError } from '../shared/errors';

/** Departments and positions staff are placed in. */
export function StructureTab() {
  const { t } = useTranslation('settings');
  const departments = useDepartments();
  const positions = usePositions();
  const removeDepartment = useDeleteDepartment();
  const removePosition = useDeletePosition();
  const [department, setDepartment] = useState<Department | 'new' | null>(null);
  const [position, setPosition] = useState<Position | 'new' | null>(null);
  const [deleting, setDeleting] = useState<{
    kind: 'department' | 'position';
    id: string;
    name: string;
  } | null>(null);

  const departmentColumns: Array<Column<Department>> = [
    { key: 'name', header: t('structure.department'), cell: (d) => d.name },
    { key: 'staff', header: t('structure.staffCount'), numeric: true, cell: (d) => d.staffCount },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('staff.actions')}</span>,
      cell: (d) => (
        <span className="settings-actions">
          <Button size="sm" variant="secondary" onClick={() => setDepartment(d)}>
            {t('rename')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setDeleting({ kind: 'department', id: d.id, name: d.name })}
          >
            {t('delete')}
          </Button>
        </span>
      ),
    },
  ];
  const positionColumns: Array<Column<Position>> = [
    { key: 'name', header: t('structure.position'), cell: (p) => p.name },
    { key: 'department', header: t('structure.department'), cell: (p) => p.departmentName ?? '—' },
    { key: 'staff', header: t('structure.staffCount'), numeric: true, cell: (p) => p.staffCount },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('staff.actions')}</span>,
      cell: (p) => (
        <span className="settings-actions">
          <Button size="sm" variant="secondary" onClick={() => setPosition(p)}>
            {t('edit')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setDeleting({ kind: 'position', id: p.id, name: p.name })}
          >
            {t('delete')}
          </Button>
        </span>
      ),
    },
  ];
  const busy = removeDepartment.isPending || removePosition.isPending;
  return (
    <div className="settings-grid two">
      <section className="card settings-section" aria-labelledby="departments-title">
        <h2 id="departments-title">
          {t('structure.departments')}
          <Button onClick={() => setDepartment('new')}>{t('structure.addDepartment')}</Button>
        </h2>
        {departments.isPending ? (
          <Loading />
        ) : (
          <Table
            columns={departmentColumns}
            rows={departments.data ?? []}
            rowKey={(d) => d.id}
            caption={t('structure.departments')}
            empty={<EmptyState>{t('structure.noDepartments')}</EmptyState>}
          />
        )}
      </section>
      <section className="card settings-section" aria-labelledby="positions-title">
        <h2 id="positions-title">
          {t('structure.positions')}
          <Button onClick={() => setPosition('new')}>{t('structure.addPosition')}</Button>
        </h2>
        {positions.isPending ? (
          <Loading />
        ) : (
          <Table
            columns={positionColumns}
            rows={positions.data ?? []}
            rowKey={(p) => p.id}
            caption={t('structure.positions')}
            empty={<EmptyState>{t('structure.noPositions')}</EmptyState>}
          />
        )}
      </section>
      {department && (
        <NameDialog
          kind="department"
          item={department === 'new' ? null : department}
          onClose={() => setDepartment(null)}
        />
      )}
      {position && (
        <NameDialog
          kind="position"
          item={position === 'new' ? null : position}
          departments={departments.data ?? []}
          onClose={() => setPosition(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('structure.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const remove = deleting.kind === 'department' ? removeDepartment : removePosition;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('structure.deleted'));
              setDeleting(null);
            },
            onError: toastError,
          });
        }}
      >
        <p>{t('structure.deleteNote')}</p>
      </ConfirmDialog>
    </div>
  );
}

function NameDialog({
  kind,
  item,
  departments,
  onClose,
}: {
  kind: 'department' | 'position';
  item: Department | Position | null;
  departments?: Department[];
  onClose(): void;
}) {
  const { t } = useTranslation('settings');
  const saveDepartment = useSaveDepartment();
  const savePosition = useSavePosition();
  const nameId = useId();
  const departmentId = useId();
  const [name, setName] = useState(item?.name ?? '');
  const [parent, setParent] = useState((item as Position | null)?.departmentId ?? '');
  const [error, setError] = useState<string | null>(null);
  const busy = saveDepartment.isPending || savePosition.isPending;
  const submit = () => {
    if (!name.trim()) {
      setError(t('structure.nameRequired'));
      return;
    }
    const done = {
      onSuccess: () => {
        toast.success(t('structure.saved'));
        onClose();
      },
      onError: (e: Error) => setError(e.message),
    };
    if (kind === 'department') saveDepartment.mutate({ id: item?.id, name: name.trim() }, done);
    else savePosition.mutate({ id: item?.id, name: name.trim(), departmentId: parent || null }, done);
  };
  const title =
    kind === 'department'
      ? item
        ? t('structure.renameDepartment')
        : t('structure.addDepartment')
      : item
        ? t('structure.editPosition')
        : t('structure.addPosition');
  return (
    <Modal
      open
      title={title}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={busy}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormItem htmlFor={nameId} label={t('structure.name')} required error={error}>
          <Input
            id={nameId}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            invalid={Boolean(error)}
          />
        </FormItem>
        {kind === 'position' && (
          <FormItem htmlFor={departmentId} label={t('structure.department')}>
            <Select
              id={departmentId}
              value={parent}
              onChange={(e) => setParent(e.target.value)}
              placeholder={t('staff.none')}
              options={(departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
          </FormItem>
        )}
      </form>
    </Modal>
  );
}
