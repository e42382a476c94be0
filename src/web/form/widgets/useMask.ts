import IMask, { type FactoryArg, type InputMask } from 'imask';
import { useEffect, useRef } from 'react';

/**
 * Attaches an imask mask to an uncontrolled input. `display` is the text for the current stored
 * value; it is written into the input only while the person is not typing in it, so the caret
 * never jumps. `onAccept` receives the masked and unmasked text on every accepted keystroke.
 */
export function useMask(
  options: FactoryArg,
  display: string,
  onAccept: (masked: string, unmasked: string, complete: boolean) => void,
) {
  const ref = useRef<HTMLInputElement>(null);
  const maskRef = useRef<InputMask<FactoryArg> | null>(null);
  const acceptRef = useRef(onAccept);
  acceptRef.current = onAccept;
  const optionsKey = JSON.stringify(options, (_key, value) =>
    value instanceof RegExp ? value.source : value,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mask is rebuilt when its options change (compared by value)
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const mask = IMask(element, options);
    maskRef.current = mask;
    mask.value = display;
    mask.on('accept', () => acceptRef.current(mask.value, mask.unmaskedValue, mask.masked.isComplete));
    return () => {
      mask.destroy();
      maskRef.current = null;
    };
  }, [optionsKey]);

  useEffect(() => {
    const mask = maskRef.current;
    if (!mask || document.activeElement === ref.current) return;
    if (mask.value !== display) mask.value = display;
  }, [display]);

  return ref;
}
