import { GS } from '../../../engine/marking';

/**
 * How the group separator (ASCII 29, invisible) is shown and typed in the editor: `<GS>`, a
 * substitute the engine reads back as GS (engine/marking/normalize.ts), so a shown code can be
 * copied and pasted again as it is.
 */
export const GS_TEXT = '<GS>';

export const showCode = (code: string) => code.replaceAll(GS, GS_TEXT);
