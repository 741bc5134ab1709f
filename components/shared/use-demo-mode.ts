import { useCallback, useEffect, useState } from 'react';
import { background, onBackgroundEvent } from '@/lib/messaging/extension';

/** Whether demo mode is on (entrypoints/background/demo.ts), kept current: a switch broadcasts `event/settings`. */
export function useDemoMode(): { on: boolean | null; reload: () => Promise<void> } {
  const [on, setOn] = useState<boolean | null>(null);
  const reload = useCallback(async () => {
    const state = await background.request('demo/state', {}).catch(() => null);
    setOn(state ? state.on : null);
  }, []);
  useEffect(() => {
    void reload();
    return onBackgroundEvent((event) => {
      if (event.type === 'event/settings') void reload();
    });
  }, [reload]);
  return { on, reload };
}
