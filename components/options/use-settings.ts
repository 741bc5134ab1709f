import { useCallback, useEffect, useState } from 'react';
import { background, onBackgroundEvent } from '@/lib/messaging/extension';
import { toErrorData } from '@/lib/errors/to-error-data';
import type { RequestOutput } from '@/lib/messaging/protocol';
import type { ErrorData } from '@/lib/model/errors';
import type { Settings, SettingsPatch } from '@/lib/settings/schema';

export type SettingsSnapshot = RequestOutput<'settings/get'>;

export type SettingsState =
  | { status: 'loading' }
  | { status: 'error'; error: ErrorData }
  | { status: 'ready'; settings: Settings; key: SettingsSnapshot['key'] };

/** Re-exported for the options components: the one error-to-data function lives in lib/errors. */
export { toErrorData };

/**
 * The settings and key status, kept fresh: reloaded whenever the background announces a change (another page,
 * an import, the popup's demo button).
 */
export function useSettings() {
  const [state, setState] = useState<SettingsState>({ status: 'loading' });

  const reload = useCallback(async () => {
    try {
      const data = await background.request('settings/get', {});
      setState({ status: 'ready', settings: data.settings, key: data.key });
    } catch (error) {
      setState({ status: 'error', error: toErrorData(error) });
    }
  }, []);

  useEffect(() => {
    void reload();
    return onBackgroundEvent((event) => {
      if (event.type === 'event/settings') void reload();
    });
  }, [reload]);

  /** Saves a patch; resolves with the saved settings, throws RequestFailed with the background's error. */
  const update = useCallback(async (patch: SettingsPatch): Promise<Settings> => {
    const settings = await background.request('settings/update', patch);
    setState((s) => (s.status === 'ready' ? { ...s, settings } : s));
    return settings;
  }, []);

  return { state, reload, update };
}
