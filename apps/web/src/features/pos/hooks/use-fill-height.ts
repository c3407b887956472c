import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The till fills the screen below the shell's top bar, so the total and the pay button never
 * scroll away: the element's height is the window's less what is above it and the padding of
 * the page below it. Measured, not hard-coded, so the shell may change around it.
 */
export function useFillHeight<T extends HTMLElement>(minHeight = 440) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const parent = element.parentElement;
      const below = parent ? Number.parseFloat(getComputedStyle(parent).paddingBottom) || 0 : 0;
      setHeight(Math.max(minHeight, Math.floor(window.innerHeight - top - below)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [minHeight]);
  return { ref, height };
}
