import { useQuery } from '@tanstack/react-query';
import { loadEimzoConfig } from '../../signing/config';

/** Whether the server runs in demo mode (demo keys and demo accounts are then offered, labelled demo). */
export function useDemoMode(): boolean {
  const { data } = useQuery({
    queryKey: ['config', 'client'],
    queryFn: loadEimzoConfig,
    retry: false,
    staleTime: Infinity,
  });
  return data?.demo === true;
}
