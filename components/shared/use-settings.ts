/*
 * The settings and key status for every page (options, onboarding, popup; the side panel's account reads the same
 * query), kept fresh by the surface's QueryClient: asked again whenever the background announces a change (another
 * page, an import, the popup's demo button: 'event/settings', query-client.tsx).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toErrorData } from '@/lib/errors/to-error-data';
import type { ErrorData } from '@/lib/model/errors';
import type { RequestOutput } from '@/lib/messaging/protocol';
import type { Settings, SettingsPatch } from '@/lib/settings/schema';
import { request } from './hooks';
import { queryKeys } from './query-client';

export type SettingsSnapshot = RequestOutput<'settings/get'>;

export type SettingsState =
  | { status: 'loading' }
  | { status: 'error'; error: ErrorData }
  | { status: 'ready'; settings: Settings; key: SettingsSnapshot['key'] };

/** Re-exported for the options components: the one error-to-data function lives in lib/errors. */
export { toErrorData };

export function useSettings() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.settings, queryFn: () => request('settings/get', {}), staleTime: Infinity });
  const { refetch } = query;

  /** Asks again; the settings shown stay until the answer lands. */
  const reload = useCallback(async (): Promise<void> => {
    await refetch();
  }, [refetch]);

  /** Saves a patch; resolves with the saved settings, throws RequestFailed with the background's error. */
  const update = useCallback(
    async (patch: SettingsPatch): Promise<Settings> => {
      const settings = await request('settings/update', patch);
      client.setQueryData<SettingsSnapshot>(queryKeys.settings, (known) => known && { ...known, settings });
      return settings;
    },
    [client],
  );

  const state: SettingsState = query.isError
    ? { status: 'error', error: toErrorData(query.error) }
    : query.data
      ? { status: 'ready', settings: query.data.settings, key: query.data.key }
      : { status: 'loading' };
  return { state, reload, update };
}
