import { useCallback, useRef, useState } from 'react';
import { toErrorData } from '@/lib/errors/to-error-data';
import type { ErrorData } from '@/lib/model/errors';

/**
 * A button's async action: `busy` while it runs, and its error (cleared when it runs again) for an ErrorState.
 * `run` never throws.
 */
export function useBusyAction<Args extends unknown[]>(action: (...args: Args) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  const actionRef = useRef(action);
  actionRef.current = action;
  const run = useCallback(async (...args: Args): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await actionRef.current(...args);
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
