import { MARKING_LEVELS, readMarkingCode } from '../../../engine/marking';
import { codesAt, type Marks } from './markingState';

/**
 * The packages named on the document's other lines, by identity → that line's number (1-based in
 * its table), so the editor refuses a code another line already has. Every array of lines holding
 * `Marks` is looked at, wherever the kind keeps it; the current line is left out.
 */
export function otherLinesIndex(
  document: unknown,
  current: { row?: unknown; marks?: unknown },
): Map<string, number> {
  const index = new Map<string, number>();
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 12) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        const marks = item && typeof item === 'object' ? (item as { Marks?: unknown }).Marks : undefined;
        if (marks && typeof marks === 'object' && item !== current.row && marks !== current.marks) {
          for (const level of MARKING_LEVELS)
            for (const code of codesAt(marks as Marks, level)) {
              const reading = readMarkingCode(code, level);
              if (reading.ok && !index.has(reading.key)) index.set(reading.key, i + 1);
            }
        } else visit(item, depth + 1);
      });
      return;
    }
    for (const value of Object.values(node)) visit(value, depth + 1);
  };
  visit(document, 0);
  return index;
}
