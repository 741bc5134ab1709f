/*
 * The account as the panel needs it: is there a key, what are the lookup defaults, which API it talks to.
 * Loaded once and refreshed on 'event/settings' and when the panel gets focus.
 */
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { Settings } from '@/lib/settings/schema';
import { type AsyncState, useRequest } from '@/components/shared/hooks';

export interface Account {
  state: AsyncState<{ settings: Settings; key: { present: boolean; hint: string | null } }>;
  hasKey: boolean;
  settings: Settings | null;
  reload: () => void;
}

const AccountContext = createContext<Account | null>(null);

export function AccountProvider({ children }: { children: ReactNode }) {
  // The same query as the options' useSettings: 'event/settings' asks it again (components/shared/query-client.tsx).
  const { state, reload } = useRequest('settings/get', {});
  // A key added in the options tab while the panel is open shows up when the panel gets focus again.
  useEffect(() => {
    const onFocus = () => reload();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [reload]);
  // A refresh (focus, settings event) keeps showing what we knew: dropping to "loading" would switch every paid
  // button off for a moment, and a click landing in that moment would be swallowed.
  const shown: Account['state'] = state.status === 'loading' && state.previous ? { status: 'success', data: state.previous } : state;
  const data = shown.status === 'success' ? shown.data : null;
  const value: Account = { state: shown, hasKey: data?.key.present ?? false, settings: data?.settings ?? null, reload };
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function useAccount(): Account {
  const account = useContext(AccountContext);
  if (!account) throw new Error('useAccount outside AccountProvider');
  return account;
}
