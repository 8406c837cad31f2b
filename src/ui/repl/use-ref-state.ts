// State that key handlers read synchronously: keys can arrive faster than React re-renders, so the
// current value lives in a ref and the state only mirrors it for rendering.
import { useCallback, useRef, useState } from "react";

export function useRefState<T>(initial: T): [T, { readonly current: T }, (next: T) => void] {
  const ref = useRef(initial);
  const [value, setValue] = useState(initial);
  const set = useCallback((next: T) => {
    ref.current = next;
    setValue(next);
  }, []);
  return [value, ref, set];
}
