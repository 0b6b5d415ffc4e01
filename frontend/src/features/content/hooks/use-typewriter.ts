import { useEffect, useState } from 'react';

export const TYPEWRITER_DELAY_MS = 150;

/** Reveals `text` one character every `delay` ms. */
export function useTypewriter(text: string, delay = TYPEWRITER_DELAY_MS): string {
  const [count, setCount] = useState(0);
  const [source, setSource] = useState(text);
  if (source !== text) {
    setSource(text);
    setCount(0);
  }
  useEffect(() => {
    if (count >= text.length) return;
    const timer = setTimeout(() => setCount((current) => current + 1), delay);
    return () => clearTimeout(timer);
  }, [count, text, delay]);
  return text.slice(0, count);
}
