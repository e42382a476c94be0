import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';

// Company, staff, roles, access, approval and billing (docs/access.md): the settings screens' calls.
// Every answer is {success, data}; lists are {rows, totalCount}.

interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

export interface Page<T> {
  rows: T[];
  totalCount: number;
}

const get = async <T>(path: string, query?: Record<string, string | number | boolean | undefined | null>) =>
  (await apiFetch<Envelope<T>>(path, { query })).data;
const send = async <T>(
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  path: string,
  body?: unknown,
  query?: Record<string, string | number | boolean | undefined | null>,
) => (await apiFetch<Envelope<T>>(path, { method, body, query })).data;

// ---- rights -------------------------------------------------------------------------------------

export type DocumentRight = 'view' | 'create' | 'send' | 'accept';
export type AdminRight = 'staff' | 'requisites' | 'bulk' | 'allBranches' | 'exchange';

export interface ActionInfo {
  code: string;
  group: 'document' | 'admin';
  kind?: string;
  right: string;
  titleKey: string;
  rightKey: string;
  taxRole?: number;
  title: string;
  rightName: string;
}

const KEYS = {
  myRights: ['settings', 'myRights'],
  actions: ['settings', 'actions'],
  roles: (deleted: boolean) => ['settings', 'roles', deleted],
  roleActions: (roleId: string) => ['settings', 'roleActions', roleId],
  staff: ['settings', 'staff'],
  staffBrief: ['settings', 'staffBrief'],
  access: (userId: string) => ['settings', 'access', userId],
  departments: ['settings', 'departments'],
  positions: ['settings', 'positions'],
  approval: ['settings', 'approval'],
  organization: ['settings', 'organization'],
  accounts: ['settings', 'accounts'],
  branches: ['settings', 'branches'],
  accountants: ['settings', 'accountants'],
  history: ['settings', 'history'],
  own: ['settings', 'own'],
  sessions: ['settings', 'sessions'],
  billing: ['settings', 'billing'],
  agreement: (documentId: string) => ['settings', 'agreement', documentId],
} as const;

/** The rights the signed-in person holds in this organisation (the screens show only those). */
export function useMyRights() {
  return useQuery({
    queryKey: KEYS.myRights,
    queryFn: async () => new Set(await get<string[]>('/api/Auth/getAuthRoleActionsForUser')),
  });
}

/** Every right (kinds × view/create/send/accept and the administrative ones), localized. */
export function useActionCatalogue() {
  return useQuery({
    queryKey: KEYS.actions,
    queryFn: async () => (await get<Page<ActionInfo>>('/api/Auth/getAuthActions')).rows,
    staleTime: 10 * 60_000,
  });
}

// ---- roles --------------------------------------------------------------------------------------

export interface Role {
  id: string;
  code: 'director' | 'accountant' | 'manager' | 'viewer' | null;
  builtIn: boolean;
  name: string;
  description: string;
  isDeleted: boolean;
  membersCount: number;
  updatedAt: string;
}

export function useRoles(deleted = false) {
  return useQuery({
    queryKey: KEYS.roles(deleted),
    queryFn: async () => (await get<Page<Role>>('/api/Roles/list', { is_deleted: deleted })).rows,
  });
}

export function useRoleActions(roleId: string | null) {
  return useQuery({
    queryKey: KEYS.roleActions(roleId ?? ''),
    queryFn: () => get<string[]>('/api/Auth/getAuthRoleActions', { roleId }),
    enabled: Boolean(roleId),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return (...keys: ReadonlyArray<readonly unknown[]>) =>
    Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useSaveRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; name: string; description?: string; basedOnRoleId?: string }) =>
      input.id
        ? send<Role>('PUT', '/api/Roles/update', {
            id: input.id,
            name: input.name,
            description: input.description,
          })
        : send<Role>('POST', '/api/Roles/add', input),
    onSuccess: () => invalidate(['settings', 'roles']),
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => send<object>('DELETE', '/api/Roles/delete', undefined, { id }),
    onSuccess: () => invalidate(['settings', 'roles']),
  });
}

export function useSetRoleActions() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { roleId: string; actions: string[] }) =>
      send<string[]>(
        'POST',
        '/api/Auth/upsertAuthRoleActions',
        { actions: input.actions },
        { roleId: input.roleId },
      ),
    onSuccess: (_data, input) =>
      invalidate(KEYS.roleActions(input.roleId), ['settings', 'access'], KEYS.myRights),
  });
}

// ---- staff --------------------------------------------------------------------------------------

export interface StaffMember {
  userId: string;
  fullName: string;
  pinfl: string | null;
  phone: string | null;
  email: string | null;
  membership: string;
  isOwner: boolean;
  isActive: boolean;
  roleId: string;
  roleCode: Role['code'];
  roleName: string | null;
  departmentId: string | null;
  departmentName: string | null;
  positionId: string | null;
  positionName: string | null;
  branchCode: string | null;
  managed: boolean;
  addedAt: string;
}

export interface StaffQuery {
  page: number;
  pageSize: number;
  search?: string;
  isActive?: boolean;
}

export function useStaffList(query: StaffQuery) {
  return useQuery({
    queryKey: [...KEYS.staff, query],
    queryFn: () => get<Page<StaffMember>>('/api/Auth/getUsersList', { ...query }),
    placeholderData: keepPreviousData,
  });
}

/** Active staff by name (any member: to choose approvers). */
export function useStaffBrief() {
  return useQuery({
    queryKey: KEYS.staffBrief,
    queryFn: async () =>
      (
        await get<Page<{ userId: string; fullName: string; positionName: string | null }>>(
          '/api/Auth/getUsersList',
          { brief: true },
        )
      ).rows,
  });
}

export interface StaffPerson {
  FullName?: string;
  Pinfl?: string;
  Phone?: string;
  Email?: string;
  Password?: string;
}

export interface StaffAssignment {
  roleId: string;
  departmentId?: string | null;
  positionId?: string | null;
  branchCode?: string | null;
}

export function useAddStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: StaffPerson & StaffAssignment) =>
      send<{ staff: StaffMember; linkedExisting: boolean }>('POST', '/api/Auth/addUser', input),
    onSuccess: () => invalidate(KEYS.staff, KEYS.staffBrief, ['settings', 'roles']),
  });
}

export function useUpdateStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: StaffPerson & StaffAssignment & { id: string; isActive?: boolean }) =>
      send<StaffMember>('PUT', '/api/Auth/updateUser', input),
    onSuccess: (_data, input) =>
      invalidate(KEYS.staff, KEYS.staffBrief, KEYS.access(input.id), ['settings', 'roles'], KEYS.myRights),
  });
}

export function useDeleteStaff() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => send<object>('DELETE', '/api/Auth/deleteUser', undefined, { id }),
    onSuccess: () => invalidate(KEYS.staff, KEYS.staffBrief, ['settings', 'roles']),
  });
}

// ---- per-user access ----------------------------------------------------------------------------

export interface AccessEntry {
  code: string;
  group: 'document' | 'admin';
  kind?: string;
  right: string;
  taxRole?: number;
  fromRole: boolean;
  override: boolean | null;
  allowed: boolean;
}

export interface AccessList {
  userId: string;
  isOwner: boolean;
  isActive: boolean;
  entries: AccessEntry[];
}

export function useAccessList(userId: string | null) {
  return useQuery({
    queryKey: KEYS.access(userId ?? ''),
    queryFn: () => get<AccessList>('/api/DocumentAccess/getAccessList', { userId }),
    enabled: Boolean(userId),
  });
}

export function useChangeAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; changes: Array<{ action: string; allowed: boolean | null }> }) =>
      send<AccessList>('POST', '/api/DocumentAccess/change', input),
    onSuccess: (data) => {
      client.setQueryData(KEYS.access(data.userId), data);
      void client.invalidateQueries({ queryKey: KEYS.myRights });
    },
  });
}

export function useApprovalKinds() {
  return useQuery({
    queryKey: KEYS.approval,
    queryFn: async () => (await get<{ kinds: string[] }>('/api/DocumentAccess/getApprovalSettings')).kinds,
  });
}

export function useSetApprovalKinds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (kinds: string[]) =>
      (await send<{ kinds: string[] }>('POST', '/api/DocumentAccess/changeApprovalSettings', { kinds }))
        .kinds,
    onSuccess: (kinds) => client.setQueryData(KEYS.approval, kinds),
  });
}

// ---- departments and positions ------------------------------------------------------------------

export interface Department {
  id: string;
  name: string;
  staffCount: number;
  positionsCount: number;
}

export interface Position {
  id: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  staffCount: number;
}

export function useDepartments() {
  return useQuery({
    queryKey: KEYS.departments,
    queryFn: async () => (await get<Page<Department>>('/api/Department/getByOrg')).rows,
  });
}

export function usePositions() {
  return useQuery({
    queryKey: KEYS.positions,
    queryFn: async () => (await get<Page<Position>>('/api/Positions/list', { pageSize: 100 })).rows,
  });
}

export function useSaveDepartment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: string; name: string }) =>
      input.id
        ? send<Department>('PUT', '/api/Department/update', input)
        : send<Department>('POST', '/api/Department/add', input),
    onSuccess: () => invalidate(KEYS.departments, KEYS.positions, KEYS.staff),
  });
}

export function useDeleteDepartment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => send<object>('DELETE', '/api/Department/delete', undefined, { id }),
    onSuccess: () => invalidate(KEYS.departments, KEYS.positions, KEYS.staff),
  });
}

export function useSavePosition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: string; name: string; departmentId?: string | null }) =>
      input.id
        ? send<Position>('PUT', '/api/Positions/update', input)
        : send<Position>('POST', '/api/Positions/add', input),
    onSuccess: () => invalidate(KEYS.positions, KEYS.departments, KEYS.staff),
  });
}

export function useDeletePosition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => send<object>('DELETE', '/api/Positions/delete', undefined, { id }),
    onSuccess: () => invalidate(KEYS.positions, KEYS.departments, KEYS.staff),
  });
}

// ---- organisation -------------------------------------------------------------------------------

export type CompanyForm = Record<string, unknown> & { Tin: string; Name: string };

export interface Organization {
  id: string;
  tin: string | null;
  pinfl: string | null;
  name: string;
  isDemo: boolean;
  requisites: CompanyForm;
  version: string;
}

export function useOrganization(id: string | undefined) {
  return useQuery({
    queryKey: [...KEYS.organization, id],
    queryFn: () => get<Organization>('/api/Organization/getById', { id }),
    enabled: Boolean(id),
  });
}

export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version?: string; requisites: CompanyForm }) =>
      send<Organization>('PUT', '/api/Organization/update', input),
    onSuccess: (data) => {
      client.setQueryData([...KEYS.organization, data.id], data);
      void client.invalidateQueries({ queryKey: KEYS.history });
    },
  });
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface RegistryPreview {
  isDemo: boolean;
  fetched: Partial<CompanyForm>;
  changes: FieldChange[];
  version: string;
}

export function fetchRequisitesChanges() {
  return get<RegistryPreview>('/api/Organization/getRequisitesChanges');
}

export function useApplyRequisitesChanges() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { fields: string[]; version?: string }) =>
      send<Organization>('POST', '/api/Organization/applyRequisitesChanges', input),
    onSuccess: (data) => {
      client.setQueryData([...KEYS.organization, data.id], data);
      void client.invalidateQueries({ queryKey: KEYS.history });
    },
  });
}

export interface HistoryEntry {
  id: string;
  at: string;
  event: string;
  userId: string | null;
  userName: string | null;
  detail: {
    target?: string;
    changes?: Record<string, { from: unknown; to: unknown }>;
    [key: string]: unknown;
  };
}

export function useChangeHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...KEYS.history, page],
    queryFn: () => get<Page<HistoryEntry>>('/api/Organization/getChangeHistory', { page, pageSize: 10 }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface BankAccount {
  id: string;
  account: string;
  mfo: string;
  bankName: string;
  currency: string;
  isMain: boolean;
  isActive: boolean;
}

export function useAccounts() {
  return useQuery({
    queryKey: KEYS.accounts,
    queryFn: async () =>
      (await get<Page<BankAccount>>('/api/OrganizationAccount/GetOrganizationAccounts', { pageSize: 100 }))
        .rows,
  });
}

export interface Branch {
  id: string;
  code: string;
  name: string;
  address: string;
  isActive: boolean;
  staffCount: number;
}

export function useBranches() {
  return useQuery({
    queryKey: KEYS.branches,
    queryFn: async () => (await get<Page<Branch>>('/api/Organization/list')).rows,
  });
}

export interface Accountant {
  id: string;
  fullName: string;
  pinfl: string | null;
  userId: string | null;
  isMain: boolean;
  isActive: boolean;
}

export function useAccountants() {
  return useQuery({
    queryKey: KEYS.accountants,
    queryFn: async () => (await get<Page<Accountant>>('/api/OrganizationAccountant/getAccountants')).rows,
  });
}

/** Saves, toggles and deletes on the requisites page's tables; the organisation and history refetch. */
export function useRequisitesMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      invalidate(KEYS.accounts, KEYS.branches, KEYS.accountants, KEYS.organization, KEYS.history, KEYS.staff),
  });
}

export const requisitesCalls = {
  saveAccount: (input: Partial<BankAccount> & { account: string; mfo: string }) => {
    const { id, account, mfo, bankName, currency, isMain } = input;
    const body = { account, mfo, bankName, currency, isMain };
    return id
      ? send<BankAccount>('PUT', '/api/OrganizationAccount/update', { id, ...body })
      : send<BankAccount>('POST', '/api/OrganizationAccount/add', body);
  },
  toggleAccount: (id: string) =>
    send<BankAccount>('GET', '/api/OrganizationAccount/toggleActivation', undefined, { id }),
  deleteAccount: (id: string) => send<object>('DELETE', '/api/OrganizationAccount/delete', undefined, { id }),
  saveBranch: (input: { id?: string; code: string; name: string; address?: string; isActive?: boolean }) => {
    const { id, ...body } = input;
    return id
      ? send<Branch>('PUT', '/api/Organization/updateBranch', { id, ...body })
      : send<Branch>('POST', '/api/Organization/add', body);
  },
  deleteBranch: (id: string) => send<object>('DELETE', '/api/Organization/delete', undefined, { id }),
  saveAccountant: (input: { id?: string; fullName: string; pinfl?: string | null; isMain?: boolean }) =>
    send<Accountant>('POST', '/api/OrganizationAccountant/upsertAccountant', input),
  toggleAccountant: (id: string) =>
    send<Accountant>('GET', '/api/OrganizationAccountant/toggleAccountantActivation', undefined, { id }),
  setChiefAccountant: (userId: string) =>
    send<Accountant>('POST', '/api/Organization/setAccountant', undefined, { userId }),
};

// ---- own account --------------------------------------------------------------------------------

export interface OwnInfo {
  userId: string;
  fullName: string;
  pinfl: string | null;
  tin: string | null;
  phone: string | null;
  email: string | null;
  language: 'ru' | 'uz' | 'en' | null;
  hasPassword: boolean;
  organizationId: string;
  organizationName: string;
  roleId: string | null;
  membership: string;
}

export function useOwnInfo() {
  return useQuery({ queryKey: KEYS.own, queryFn: () => get<OwnInfo>('/api/Auth/getUserInfoOwn') });
}

export function useUpdateOwnInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone?: string | null; email?: string | null; language?: OwnInfo['language'] }) =>
      send<OwnInfo>('POST', '/api/Auth/upsertUserInfoOwn', input),
    onSuccess: (data) => client.setQueryData(KEYS.own, data),
  });
}

export interface Session {
  id: string;
  organizationName: string | null;
  startedAt: string;
  lastActiveAt: string;
  expiresAt: string;
  persistent: boolean;
  current: boolean;
}

export function useSessions() {
  return useQuery({
    queryKey: KEYS.sessions,
    queryFn: async () => (await get<Page<Session>>('/api/Auth/getSessions')).rows,
  });
}

export function useSignOutOtherSessions() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => send<{ ended: number }>('POST', '/api/Auth/signOutOtherSessions'),
    onSuccess: () => invalidate(KEYS.sessions),
  });
}

// ---- billing ------------------------------------------------------------------------------------

export interface BillingSummary {
  tariff: { code: string; name: string; monthlyFee: string; isDemo: boolean } | null;
  balance: string;
  currency: string;
  nextFee: { period: string; date: string; amount: string } | null;
  monthsCovered: number | null;
  payee: {
    name: string;
    tin: string;
    account: string;
    mfo: string;
    bankName: string;
    isDemo: boolean;
  } | null;
  paymentPurpose: string;
}

export interface LedgerEntry {
  id: string;
  at: string;
  entry: 'topUp' | 'monthlyFee' | 'adjustment';
  amount: string;
  balanceAfter: string;
  period: string | null;
  tariffCode: string | null;
  reference: string | null;
  note: string | null;
  recordedBy: string;
  isDemo: boolean;
}

export function useBillingSummary() {
  return useQuery({ queryKey: KEYS.billing, queryFn: () => get<BillingSummary>('/api/Billing/getSummary') });
}

export function useLedger(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...KEYS.billing, 'ledger', page, pageSize],
    queryFn: () => get<Page<LedgerEntry>>('/api/Billing/getLedger', { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

// ---- internal approval --------------------------------------------------------------------------

export interface AgreementInfo {
  documentId: string;
  required: boolean;
  agreed: boolean;
  agreement: null | {
    id: string;
    mode: 'sequential' | 'parallel';
    comment: string;
    status: 'pending' | 'approved' | 'declined';
    round: number;
    stale: boolean;
    createdBy: string | null;
    createdByName: string | null;
    createdAt: string;
    updatedAt: string;
  };
  performers: Array<{
    userId: string;
    fullName: string;
    position: number;
    decision: 'pending' | 'approved' | 'declined';
    comment: string | null;
    decidedAt: string | null;
    current: boolean;
  }>;
  can: { create: boolean; decide: boolean; control: boolean; resend: boolean; delete: boolean };
}

export interface AgreementEvent {
  id: string;
  round: number;
  action: string;
  actorUserId: string | null;
  actorName: string;
  comment: string | null;
  at: string;
}

export function useAgreement(documentId: string) {
  return useQuery({
    queryKey: KEYS.agreement(documentId),
    queryFn: async () => {
      const [info, history] = await Promise.all([
        get<AgreementInfo>('/api/Document/getAgreementInfo', { documentId }),
        get<Page<AgreementEvent>>('/api/Document/getAgreeHistory', { documentId }),
      ]);
      return { info, history: history.rows };
    },
  });
}

type AgreementCall =
  | { op: 'create'; performers: string[]; mode: 'sequential' | 'parallel'; comment?: string }
  | { op: 'decide'; approve: boolean; comment?: string; asController?: boolean }
  | { op: 'resend'; comment?: string }
  | { op: 'delete' };

export function useAgreementAction(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: AgreementCall) => {
      switch (call.op) {
        case 'create':
          return send<AgreementInfo>('POST', '/api/Document/createAgreement', {
            documentId,
            performers: call.performers,
            mode: call.mode,
            comment: call.comment,
          });
        case 'decide':
          return send<AgreementInfo>(
            'POST',
            call.asController ? '/api/Document/makeAcceptanceController' : '/api/Document/makeAcceptanceUser',
            { documentId, approve: call.approve, comment: call.comment },
          );
        case 'resend':
          return send<AgreementInfo>('POST', '/api/Document/resendForAgree', {
            documentId,
            comment: call.comment,
          });
        case 'delete':
          return send<AgreementInfo>('GET', '/api/Document/deleteAgreement', undefined, { documentId });
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.agreement(documentId) }),
  });
}
