// A bank branch of the Central Bank's directory, keyed by its MFO (5 digits).

export interface BankInput {
  mfo: string;
  name: string;
  nameRu?: string | null;
  /** The head bank's MFO for a branch. */
  headMfo?: string | null;
  tin?: string | null;
  address?: string | null;
  isActive?: boolean;
}

export interface Bank {
  mfo: string;
  name: string;
  nameRu: string | null;
  headMfo: string | null;
  headName: string | null;
  tin: string | null;
  address: string | null;
  isActive: boolean;
  isDemo: boolean;
  version: number;
  updatedAt: string;
}

export const MFO = /^\d{5}$/;
