'use client';
import { useEffect, useState } from 'react';

/**
 * False until React runs in the browser. Forms that carry a password keep their button
 * disabled until then: submitted before hydration, the browser would send the form itself,
 * as a GET with the password in the address.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
