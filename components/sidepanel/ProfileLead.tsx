import { Button, Card, initials, PaidButton, SafeLink } from '@/components/ui';
import { useAccount } from './account';
import { useEstimate } from '@/components/shared/hooks';
import { contactOptions, enrichCost, profileHandle } from '@/components/shared/lookup';
import { useNavigation } from './navigation';
import { t } from '@/lib/i18n/t';

/** On a profile page, the person the page is about comes first, with the enrich action and its cost. */
export function ProfileLead({ profileUrl, pageTitle }: { profileUrl: string; pageTitle: string }) {
  const nav = useNavigation();
  const { settings, hasKey } = useAccount();
  const lookup = { social_profile: profileUrl };
  const { estimate } = useEstimate(enrichCost(lookup, contactOptions(settings)));
  const name = nameFromTitle(pageTitle) ?? profileHandle(profileUrl) ?? t('sidepanel_lead_this_profile');
  return (
    <Card className="sp-lead" data-testid="profile-lead">
      <div className="sp-lead__head">
        <span className="ui-image ui-image--circle ui-image--fallback sp-lead__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <div className="sp-lead__text">
          <p className="sp-eyebrow">{t('sidepanel_lead_eyebrow')}</p>
          <h2 className="sp-lead__name">{name}</h2>
          <SafeLink href={profileUrl} className="sp-lead__link" />
        </div>
      </div>
      <div className="ui-button-row">
        <PaidButton
          variant="primary"
          icon="zap"
          estimate={estimate}
          disabled={!hasKey}
          onClick={() => nav.openContact({ lookup, label: name, autorun: true, quotedCredits: estimate?.credits })}
        >
          {estimate?.cached ? t('sidepanel_open') : t('sidepanel_enrich')}
        </PaidButton>
        <Button icon="users" disabled={!hasKey} onClick={() => nav.openLookalikes({ kind: 'contacts', lookup, label: name })}>
          {t('sidepanel_lookalikes')}
        </Button>
      </div>
    </Card>
  );
}

/** "Ada Lovelace – Analyst | Demo" → "Ada Lovelace": page titles of profile pages lead with the name. */
export function nameFromTitle(title: string): string | null {
  const first = title.split(/\s[|–—·-]\s/)[0]?.trim();
  if (!first || first.length > 80) return null;
  return first;
}
