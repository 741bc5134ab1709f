import type { ReactNode } from 'react';
import {
  Chip,
  ChipList,
  DefinitionList,
  formatCompact,
  formatMoney,
  SafeImage,
  SafeLink,
  Section,
  initials,
  safeWebsiteUrl,
} from '@/components/ui';
import type { Address, Company, Technology } from '@/lib/api/schemas';
import { LongText } from './LongText';
import { useNavigation } from './navigation';
import { humanKey, joinText, objectTitle } from './text';
import { CompanyPeople } from './people/CompanyPeople';
import { t, tn } from '@/lib/i18n/t';

export interface CompanyProfileProps {
  company: Company;
  status: ReactNode;
  actions: ReactNode;
  canPay: boolean;
}

/** Every part of a company record: overview, technologies by category, funding, locations, people, lookalikes. */
export function CompanyProfile({ company, status, actions, canPay }: CompanyProfileProps) {
  const o = company.overview;
  const name = o?.name ?? company.website ?? t('sidepanel_tab_company');
  const website = o?.website ?? company.website;
  const [low, high] = o?.company_size ?? [null, null];
  const size = low !== null && high !== null ? t('sidepanel_company_size_range', low, high) : low !== null ? t('sidepanel_company_size_min', low) : null;
  return (
    <article className="sp-profile" aria-label={t('sidepanel_company_label', name)} data-testid="company-profile">
      <header className="sp-profile__header">
        <SafeImage src={o?.profile_pic_url} alt={t('sidepanel_company_logo_of', name)} size={56} shape="square" fallback={initials(name)} />
        <div className="sp-profile__who">
          <h2 className="sp-profile__name">{name}</h2>
          {o?.tagline && <p className="sp-profile__headline">{o.tagline}</p>}
          <p className="sp-profile__meta">{joinText([o?.industry, size])}</p>
          <div className="sp-profile__links">
            {website && <SafeLink href={website} website />}
            {o?.pnet_url && <SafeLink href={o.pnet_url}>{t('sidepanel_card_profile')}</SafeLink>}
          </div>
        </div>
      </header>
      <div className="sp-profile__status">{status}</div>
      <div className="sp-profile__actions">{actions}</div>

      {o && (
        <Section title={t('sidepanel_company_overview')}>
          <div className="sp-stack">
            <DefinitionList
              items={[
                [t('sidepanel_company_size'), size],
                [t('sidepanel_company_on_network'), o.company_size_on_pnet !== null ? tn('sidepanel_company_members', o.company_size_on_pnet) : null],
                [t('sidepanel_profile_founded'), o.founded_year !== null ? String(o.founded_year) : null],
                [t('sidepanel_company_type'), o.company_type],
                [t('sidepanel_profile_industry'), o.industry],
                [t('sidepanel_company_hq'), addressText(o.hq)],
                [t('sidepanel_company_followers'), o.follower_count !== null ? formatCompact(o.follower_count) : null],
                [t('sidepanel_company_ecommerce'), o.is_ecommerce === null ? null : o.is_ecommerce ? t('sidepanel_yes') : t('sidepanel_no')],
                [t('sidepanel_company_updated'), o.last_updated],
              ]}
            />
            {o.description && <LongText text={o.description} />}
            {o.specialities.length > 0 && (
              <div>
                <p className="sp-label">{t('sidepanel_company_specialities')}</p>
                <ChipList items={o.specialities} label={t('sidepanel_company_specialities')} max={20} />
              </div>
            )}
            <Socials fields={o.social_fields} />
          </div>
        </Section>
      )}
      <Technologies items={company.technologies} />
      <Funding company={company} />
      {o && o.locations.length > 0 && (
        <Section title={t('sidepanel_company_locations')} meta={o.locations.length} collapsible defaultOpen={o.locations.length <= 6}>
          <ul className="sp-list">
            {o.locations.slice(0, 50).map((a, i) => (
              <li key={i} className="sp-list__item">
                <span>{addressText(a) ?? t('sidepanel_company_address_not_listed')}</span>
                {a.is_hq && <Chip tone="accent">{t('sidepanel_company_hq')}</Chip>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <CompanyPeople key={website ?? name} employees={company.employees} companyName={name} website={website} canPay={canPay} />
      <OverviewSimilar company={company} />
    </article>
  );
}

export function addressText(a: Address | null | undefined): string | null {
  if (!a) return null;
  return joinText([a.line_1, a.city, a.state, a.postal_code, a.country], ', ');
}

function Socials({ fields }: { fields: Record<string, { value: string | null }> }) {
  const entries = Object.entries(fields).filter(([, f]) => f.value);
  if (entries.length === 0) return null;
  return (
    <div>
      <p className="sp-label">{t('sidepanel_company_social')}</p>
      <ul className="sp-list">
        {entries.map(([network, f]) => (
          <li key={network} className="sp-list__item">
            <span className="sp-list__label">{network === 'pnet' ? t('sidepanel_profile_professional_network') : humanKey(network)}</span>
            <SafeLink href={f.value} website />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Technologies({ items }: { items: Technology[] }) {
  if (items.length === 0) return null;
  const byCategory = new Map<string, Technology[]>();
  for (const tech of items) {
    const categories = tech.categories.length > 0 ? tech.categories : [t('sidepanel_company_tech_other')];
    for (const c of categories) {
      const list = byCategory.get(c) ?? [];
      list.push(tech);
      byCategory.set(c, list);
    }
  }
  const sorted = [...byCategory.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  return (
    <Section title={t('sidepanel_company_technologies')} meta={items.length} collapsible defaultOpen>
      <dl className="sp-tech">
        {sorted.map(([category, techs]) => (
          <div key={category} className="sp-tech__group">
            <dt>{category}</dt>
            <dd>
              <ul className="ui-chip-list" aria-label={category}>
                {techs.map((tech, i) => (
                  <li key={`${i}-${tech.name}`}>
                    <Chip>{tech.name ?? t('sidepanel_profile_unnamed')}</Chip>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function Funding({ company }: { company: Company }) {
  const f = company.funding;
  if (!f) return null;
  const rounds = f.funding_rounds_list;
  const investorNames = investorNamesOf(f.investors ?? {});
  if (f.total_funding_amount === null && rounds.length === 0 && investorNames.length === 0) return null;
  return (
    <Section title={t('sidepanel_company_funding')} meta={rounds.length > 0 ? tn('sidepanel_company_rounds', rounds.length) : undefined}>
      <div className="sp-stack">
        <DefinitionList items={[[t('sidepanel_company_total_raised'), f.total_funding_amount !== null ? formatMoney(f.total_funding_amount) : t('sidepanel_company_not_disclosed')]]} />
        {rounds.length > 0 && (
          <ol className="sp-timeline">
            {rounds.slice(0, 30).map((round, i) => {
              const r = roundSummary(round);
              return (
                <li key={i} className="sp-timeline__item">
                  <p className="sp-timeline__title">{r.title ?? t('sidepanel_company_round', i + 1)}</p>
                  <p className="sp-timeline__sub">{joinText([r.amount, r.date])}</p>
                  {r.investors && <p className="sp-timeline__meta">{r.investors}</p>}
                </li>
              );
            })}
          </ol>
        )}
        {investorNames.length > 0 && (
          <div>
            <p className="sp-label">{t('sidepanel_company_investors')}</p>
            <ChipList items={investorNames} label={t('sidepanel_company_investors')} max={20} />
          </div>
        )}
      </div>
    </Section>
  );
}

/** Names in an investors object of unknown shape: string values, string lists, and titles of nested objects. */
export function investorNamesOf(value: Record<string, unknown>): string[] {
  const names: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' && v.trim()) names.push(v.trim());
    else if (v && typeof v === 'object' && !Array.isArray(v)) {
      const title = objectTitle(v as Record<string, unknown>);
      if (title) names.push(title);
    }
  };
  for (const v of Object.values(value)) {
    if (Array.isArray(v)) v.forEach(add);
    else add(v);
  }
  return [...new Set(names)];
}

const pick = (o: Record<string, unknown>, keys: string[]): unknown => keys.map((k) => o[k]).find((v) => v !== undefined && v !== null && v !== '');

/** A funding round of unknown shape, read by the usual key names. */
export function roundSummary(round: Record<string, unknown>): { title: string | null; amount: string | null; date: string | null; investors: string | null } {
  const type = pick(round, ['funding_type', 'round_type', 'investment_type', 'series', 'type', 'title', 'name']);
  const amount = pick(round, ['money_raised', 'amount', 'raised_amount', 'amount_raised']);
  const date = pick(round, ['announced_date', 'announced_on', 'date', 'closed_on']);
  const investors = pick(round, ['investor_names', 'investors', 'lead_investors']);
  return {
    title: typeof type === 'string' ? humanKey(type) : null,
    amount: typeof amount === 'number' && Number.isFinite(amount) ? formatMoney(amount) : typeof amount === 'string' ? amount : null,
    date: typeof date === 'string' ? date : null,
    investors: Array.isArray(investors) ? investors.filter((x) => typeof x === 'string').join(', ') || null : typeof investors === 'string' ? investors : null,
  };
}

/** The overview's own "similar companies" list (free, part of the record). */
export function OverviewSimilar({ company }: { company: Company }) {
  const nav = useNavigation();
  const items = company.overview?.similar_companies ?? [];
  if (items.length === 0) return null;
  return (
    <Section title={t('sidepanel_company_similar')} meta={items.length} collapsible defaultOpen>
      <ul className="sp-people">
        {items.slice(0, 30).map((s, i) => (
          <li key={i} className="sp-people__item">
            <SafeImage src={null} alt="" size={28} shape="square" fallback={initials(s.name)} />
            <div className="sp-people__text">
              <p className="sp-people__name">{s.name ?? t('sidepanel_profile_unnamed')}</p>
              <p className="sp-people__sub">{joinText([s.industry, s.location])}</p>
            </div>
            {s.link && safeWebsiteUrl(s.link) ? (
              <button
                type="button"
                className="sp-linkbutton"
                aria-label={t('sidepanel_company_open_named', s.name ?? s.link)}
                onClick={() => nav.openCompany({ url: s.link as string, label: s.name ?? (s.link as string) })}
              >
                {t('sidepanel_open')}
              </button>
            ) : (
              <SafeLink href={s.link}>{t('sidepanel_profile_link')}</SafeLink>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
