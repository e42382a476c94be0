import { useEffect, useMemo, useState } from 'react';
import type { Certificate } from './certificate';

// fuse.js is loaded when the person first searches, not with the sign-in screen: it keeps the
// screen's JavaScript within its budget (DESIGN §8) and most people pick from a short list.
type FuzzyModule = typeof import('./fuzzy');
let loading: Promise<FuzzyModule> | null = null;

export function preloadCertificateFilter(): Promise<FuzzyModule> {
  loading ??= import('./fuzzy');
  return loading;
}

/** The certificates matching the query (spec: fuzzy over TIN, organisation and owner, threshold 0.1). */
export function useCertificateFilter(list: Certificate[], query: string): Certificate[] {
  const [fuzzy, setFuzzy] = useState<FuzzyModule | null>(null);
  const searching = query.trim() !== '';
  useEffect(() => {
    if (!searching || fuzzy) return;
    let live = true;
    preloadCertificateFilter().then((m) => live && setFuzzy(m));
    return () => {
      live = false;
    };
  }, [searching, fuzzy]);
  return useMemo(
    () => (searching && fuzzy ? fuzzy.filterCertificates(list, query) : list),
    [list, query, searching, fuzzy],
  );
}
