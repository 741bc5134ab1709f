/*
 * What the panel is showing: the selected view and the target of each view (which contact, which company…).
 * Views read their target from here and any view can send the user to another ("open this contact").
 * Targets carry a `nonce` so re-opening the same target starts fresh.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { Company, EnrichedContact, SimilarCompanyItem, SimilarContactItem } from '@/lib/api/schemas';
import type { AlsoKnownAs, ContactLookup, Provenance } from '@/lib/model/lookup';

export type ViewId = 'page' | 'contact' | 'company' | 'lookalikes' | 'search' | 'history';

export interface ContactTarget {
  lookup: ContactLookup;
  /** What the user recognises: the email, the name, the profile address. */
  label: string;
  /** Already paid for (search result, bulk row, history): shown without another lookup. */
  contact?: EnrichedContact;
  provenance?: Provenance;
  /** The user already clicked a priced button for this lookup: run it. */
  autorun?: boolean;
  /** The price that button showed (0: "free"): the run is held to it (a dearer lookup is refused, nothing sent). */
  quotedCredits?: number;
  /** The same person's other identifiers (a person row on the page): one price per person (docs/people.md). */
  alsoKnownAs?: AlsoKnownAs;
  nonce: number;
}

export interface CompanyTarget {
  url: string;
  label: string;
  company?: Company;
  provenance?: Provenance;
  autorun?: boolean;
  /** As on a contact target. */
  quotedCredits?: number;
  nonce: number;
}

export type LookalikeTarget =
  | { kind: 'companies'; url: string; label: string; items?: SimilarCompanyItem[]; provenance?: Provenance; nonce: number }
  | { kind: 'contacts'; lookup: ContactLookup; label: string; items?: SimilarContactItem[]; provenance?: Provenance; autorun?: boolean; nonce: number };

type Without<T> = T extends unknown ? Omit<T, 'nonce'> : never;

export interface Navigation {
  view: ViewId;
  contact: ContactTarget | null;
  company: CompanyTarget | null;
  lookalikes: LookalikeTarget | null;
  show: (view: ViewId) => void;
  openContact: (target: Without<ContactTarget>) => void;
  openCompany: (target: Without<CompanyTarget>) => void;
  openLookalikes: (target: Without<LookalikeTarget>) => void;
  /**
   * A new selection could not be read (or needs a choice): the contact and company the panel had open are no longer
   * what the user is asking about, so neither stays armed with a live paid button under the question.
   */
  disarm: () => void;
}

const NavigationContext = createContext<Navigation | null>(null);

let nonces = 0;

export function NavigationProvider({ children, initialView = 'page' }: { children: ReactNode; initialView?: ViewId }) {
  const [view, setView] = useState<ViewId>(initialView);
  const [contact, setContact] = useState<ContactTarget | null>(null);
  const [company, setCompany] = useState<CompanyTarget | null>(null);
  const [lookalikes, setLookalikes] = useState<LookalikeTarget | null>(null);

  const openContact = useCallback((target: Without<ContactTarget>) => {
    setContact({ ...target, nonce: ++nonces });
    setView('contact');
  }, []);
  const openCompany = useCallback((target: Without<CompanyTarget>) => {
    setCompany({ ...target, nonce: ++nonces });
    setView('company');
  }, []);
  const openLookalikes = useCallback((target: Without<LookalikeTarget>) => {
    setLookalikes({ ...target, nonce: ++nonces } as LookalikeTarget);
    setView('lookalikes');
  }, []);

  const disarm = useCallback(() => {
    setContact(null);
    setCompany(null);
  }, []);

  const value = useMemo(
    () => ({ view, contact, company, lookalikes, show: setView, openContact, openCompany, openLookalikes, disarm }),
    [view, contact, company, lookalikes, openContact, openCompany, openLookalikes, disarm],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext);
  if (!nav) throw new Error('useNavigation outside NavigationProvider');
  return nav;
}
