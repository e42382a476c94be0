import IMask, { type FactoryArg, type InputMask } from 'imask';
import { useEffect, useRef } from 'react';

/**
 * Attaches an imask mask to an uncontrolled input. `display` is the text for the current stored
 * value; it is written into the input only while the person is not typing in it, so the caret
 * never jumps. `onAccept` receives the masked and unmasked text on every accepted keystroke.
 *
 * `attachOnFocus`: for masks whose resting text is `display` itself (a date), the mask is built when
 * the input first gets focus — nobody types into an input without focusing it — instead of for
 * every such input of a form while it mounts (~1.5 ms each).
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
    const attach = () => {
      if (maskRef.current) return;
      const mask = IMask(element, options);
      maskRef.current = mask;
      mask.value = displayRef.current;
      mask.on('accept', () => acceptRef.current(mask.value, mask.unmaskedValue, mask.masked.isComplete));
    };
    if (attachOnFocus && document.activeElement !== element) {
      element.value = displayRef.current;
      element.addEventListener('focus', attach, { once: true });
    } else attach();
    return () => {
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
