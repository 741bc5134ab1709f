import type { Faker } from '@faker-js/faker';
import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { MOBILE_PREFIXES, NSN_LENGTH, type Place } from './places';

/** PhoneNumber as the spec shapes it. */
export interface PhoneRecord {
  E164: string;
  NXX_use_type: string;
  national_number: string;
  type: string;
}

/**
 * A phone number valid under libphonenumber-js's full metadata for the place's country. Candidates are drawn
 * from the city's real prefixes and rejected until one validates, so every seeded number passes the checks a
 * detector or formatter applies. US/CA fictional 555 exchanges are avoided on purpose.
 */
export function makePhone(f: Faker, place: Place, kind: 'landline' | 'mobile'): PhoneRecord {
  const cc = place.countryCode;
  const calling = getCountryCallingCode(cc);
  const mobilePrefixes = MOBILE_PREFIXES[cc];
  const useMobilePrefix = kind === 'mobile' && mobilePrefixes.length > 0;
  const length = NSN_LENGTH[cc][useMobilePrefix ? 'mobile' : 'landline'];
  for (let attempt = 0; attempt < 200; attempt++) {
    const prefix = f.helpers.arrayElement(useMobilePrefix ? mobilePrefixes : place.landline);
    let rest = f.string.numeric({ length: length - prefix.length, allowLeadingZeros: true });
    if (cc === 'US' || cc === 'CA') {
      // NANP exchange codes start with 2-9, and 555 is reserved for fiction.
      rest = `${f.number.int({ min: 2, max: 9 })}${rest.slice(1)}`;
      if (rest.startsWith('555')) continue;
    }
    const parsed = parsePhoneNumberFromString(`+${calling}${prefix}${rest}`);
    if (!parsed?.isValid()) continue;
    const type = parsed.getType();
    const wireless = type === 'MOBILE' || (type === 'FIXED_LINE_OR_MOBILE' && kind === 'mobile');
    if (kind === 'mobile' && type === 'FIXED_LINE') continue;
    if (kind === 'landline' && type === 'MOBILE') continue;
    return {
      E164: parsed.number,
      NXX_use_type: wireless ? 'wireless' : 'landline',
      national_number: parsed.formatNational(),
      type: kind === 'mobile' ? 'mobile' : 'work',
    };
  }
  throw new Error(`Could not build a valid ${kind} number for ${place.city}`);
}
