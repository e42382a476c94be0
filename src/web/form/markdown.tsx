import { createElement, type ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx` (aliased in the Vite configs; ~86 KB that every form page parsed).
 * RJSF renders markdown only in its own fixed messages (unsupported field, invalid object field,
 * file info), whose markup is inline `code`, _emphasis_ and **strong**; our schemas never turn on
 * `enableMarkdownInDescription` / `enableMarkdownInHelp`. So: those three inline marks, the rest as
 * plain text (raw HTML is never parsed, as with RJSF's `disableParsingRawHTML`).
 */
const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|_([^_]+)_/g;

export function renderInlineMarkdown(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const [, code, strong, em] = match;
    const key = nodes.length;
    if (code !== undefined) nodes.push(createElement('code', { key }, code));
    else if (strong !== undefined) nodes.push(createElement('strong', { key }, strong));
    else nodes.push(createElement('em', { key }, em));
    last = index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return createElement(
    'span',
    null,
    ...(typeof children === 'string' ? renderInlineMarkdown(children) : [children]),
  );
}

export default Markdown;
