import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';

export interface Health {
  status: 'ok';
  version: string;
  db: 'pglite' | 'postgresql';
}

export const useHealth = () =>
  useQuery({ queryKey: ['health'], queryFn: () => apiFetch<Health>('/api/health') });
