import sample from '../../../../data/mxik_sample.json';
import type { Lang } from '../format';

export interface ClassifierPackage {
  code: number | string;
  name: string;
}

export interface ClassifierItem {
  code: string;
  name: string;
  packages: ClassifierPackage[];
}

interface SampleName {
  name_ru?: string;
  name_uz_latn?: string;
  name_uz_cyrl?: string;
}
interface SampleItem extends SampleName {
  mxik_code: string;
  packages?: Array<SampleName & { code: number }>;
}

function nameIn(names: SampleName, lang: Lang): string {
  return (
    (lang === 'uz' ? (names.name_uz_latn ?? names.name_ru) : (names.name_ru ?? names.name_uz_latn)) ?? ''
  );
}

/**
 * DEMO classifier: the six public sample codes of data/mxik_sample.json (see its .source.md), not
 * the MXIK classifier, which lives only behind tasnif.soliq.uz. The picker says so on screen.
 */
export function searchDemoClassifier(query: string, lang: Lang): ClassifierItem[] {
  const needle = query.trim().toLowerCase();
  return (sample.items as SampleItem[])
    .map((item) => ({
      code: item.mxik_code,
      name: nameIn(item, lang),
      packages: (item.packages ?? []).map((p) => ({ code: p.code, name: nameIn(p, lang) })),
    }))
    .filter(
      (item) => needle === '' || item.code.includes(needle) || item.name.toLowerCase().includes(needle),
    );
}
