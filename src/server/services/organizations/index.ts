// The organisation: its requisites as parties of documents take them (orgInfo), and the company
// settings the requisites page edits (requisites, bank accounts, branches, accountants).
export {
  findOrgInfoByTin,
  findOwnOrgInfo,
  isTinOrPinfl,
  type OrganizationRow,
  type OrgInfo,
  PINFL_PATTERN,
  TIN_PATTERN,
  toOrgInfo,
} from './orgInfo';
