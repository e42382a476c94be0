import type { FactoryArg, InputMask } from 'imask';
import { useEffect, useRef } from 'react';

type IMaskModule = typeof import('imask');
let imask: Promise<IMaskModule> | undefined;
/** imask (~57 KB) loads with the first masked input, not with every form page's first frame. */
export const loadIMask = (): Promise<IMaskModule> => {
  imask ??= import('imask');
  return imask;
};

/**
 * Attaches an imask mask to an uncontrolled input. `display` is the text for the current stored
 * value; it is written into the input only while the person is not typing in it, so the caret
 * never jumps. `onAccept` receives the masked and unmasked text on every accepted keystroke.
 *
 * `attachOnFocus`: for masks whose resting text is `display` itself (a date), the mask is built when
 * the input first gets focus — nobody types into an input without focusing it — instead of for
 * every such input of a form while it mounts (~1.5 ms each).
 *
 * imask itself loads on demand: until it is there the input shows `display` and takes plain text;
 * what was typed meanwhile is kept and run through the mask when it attaches.
 */
export function useMask(
  options: FactoryArg,
  display: string,
  onAccept: (masked: string, unmasked: string, complete: boolean) => void,
  { attachOnFocus = false }: { attachOnFocus?: boolean } = {},
) {
  const ref = useRef<HTMLInputElement>(null);
  const maskRef = useRef<InputMask<FactoryArg> | null>(null);
  const acceptRef = useRef(onAccept);
  acceptRef.current = onAccept;
  const displayRef = useRef(display);
  displayRef.current = display;
  const optionsKey = JSON.stringify(options, (_key, value) =>
    value instanceof RegExp ? value.source : value,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mask is rebuilt when its options change (compared by value)
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let live = true;
    if (!maskRef.current) element.value = displayRef.current;
    const attach = () => {
      loadIMask().then(({ default: IMask }) => {
        if (!live || maskRef.current) return;
        // Text typed before imask arrived is kept (and reported once, masked).
        const typed = element.value !== displayRef.current ? element.value : null;
        const mask = IMask(element, options);
        maskRef.current = mask;
        mask.value = typed ?? displayRef.current;
        const accept = () => acceptRef.current(mask.value, mask.unmaskedValue, mask.masked.isComplete);
        mask.on('accept', accept);
        if (typed !== null) accept();
      });
    };
    if (attachOnFocus && document.activeElement !== element)
      element.addEventListener('focus', attach, { once: true });
    else attach();
    return () => {
      live = false;
      element.removeEventListener('focus', attach);
      maskRef.current?.destroy();
      maskRef.current = null;
    };
  }, [optionsKey, attachOnFocus]);

  useEffect(() => {
    const element = ref.current;
    if (!element || document.activeElement === element) return;
    const mask = maskRef.current;
    if (mask) {
      if (mask.value !== display) mask.value = display;
    } else if (element.value !== display) element.value = display;
  }, [display]);

  return ref;
}
