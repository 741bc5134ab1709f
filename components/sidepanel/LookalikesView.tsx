import { useAccount } from './account';
import { useNavigation } from './navigation';
import { NoKeyState } from './NoKeyState';
import { LookalikeCompanies } from './lookalikes/LookalikeCompanies';
import { LookalikeContacts } from './lookalikes/LookalikeContacts';
import { LookalikeStart } from './lookalikes/LookalikeStart';
import { t } from '@/lib/i18n/t';

/** Lookalikes: companies like a company (10–500, sortable, enrich the chosen ones) or contacts like a contact. */
export function LookalikesView() {
  const nav = useNavigation();
  const { hasKey, state: accountState } = useAccount();
  const target = nav.lookalikes;
  if (accountState.status === 'success' && !hasKey && !target?.items) {
    return <NoKeyState what={t('sidepanel_nokey_what_lookalikes')} />;
  }
  if (!target) return <LookalikeStart />;
  return target.kind === 'companies' ? <LookalikeCompanies key={target.nonce} target={target} /> : <LookalikeContacts key={target.nonce} target={target} />;
}

