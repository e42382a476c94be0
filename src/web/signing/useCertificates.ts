import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Certificate, uniqueSortedCertificates } from './certificate';
import { getEimzoClient } from './instance';

/**
 * The plug-in's certificates, duplicates by serial removed and sorted by TIN. Failing to reach the
 * plug-in is an error state (never an empty list); focusing the window asks again, so starting E-IMZO
 * and coming back is enough.
 */
export function useCertificates() {
  const query = useQuery({
    queryKey: ['eimzo', 'certificates'],
    queryFn: async () => (await getEimzoClient()).listCertificates(),
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
  const certificates = useMemo<Certificate[]>(() => uniqueSortedCertificates(query.data ?? []), [query.data]);
  return { ...query, certificates };
}
