/**
 * Real cities with the phone prefixes used there. Phone numbers are built from these prefixes and kept only
 * when libphonenumber-js (full metadata) says they are valid, so detectors and formatters accept them.
 */
export interface Place {
  city: string;
  region: string;
  country: string;
  /** ISO 3166-1 alpha-2, as libphonenumber-js wants it. */
  countryCode: 'US' | 'CA' | 'GB' | 'DE' | 'FR' | 'NL' | 'ES' | 'AU' | 'IE' | 'SE' | 'SG' | 'IN';
  continent: string;
  /** Postal code pattern: `#` is a digit, `?` an upper-case letter. */
  postal: string;
  /** National significant number prefixes of landlines in this city. */
  landline: string[];
  /** Weight of the city among seeded places. */
  weight: number;
}

export const PLACES: Place[] = [
  { city: 'San Francisco', region: 'California', country: 'United States', countryCode: 'US', continent: 'North America', postal: '941##', landline: ['415', '628'], weight: 10 },
  { city: 'New York', region: 'New York', country: 'United States', countryCode: 'US', continent: 'North America', postal: '100##', landline: ['212', '646', '917'], weight: 12 },
  { city: 'Austin', region: 'Texas', country: 'United States', countryCode: 'US', continent: 'North America', postal: '787##', landline: ['512', '737'], weight: 5 },
  { city: 'Chicago', region: 'Illinois', country: 'United States', countryCode: 'US', continent: 'North America', postal: '606##', landline: ['312', '773'], weight: 6 },
  { city: 'Seattle', region: 'Washington', country: 'United States', countryCode: 'US', continent: 'North America', postal: '981##', landline: ['206'], weight: 5 },
  { city: 'Boston', region: 'Massachusetts', country: 'United States', countryCode: 'US', continent: 'North America', postal: '021##', landline: ['617', '857'], weight: 5 },
  { city: 'Denver', region: 'Colorado', country: 'United States', countryCode: 'US', continent: 'North America', postal: '802##', landline: ['303', '720'], weight: 3 },
  { city: 'Atlanta', region: 'Georgia', country: 'United States', countryCode: 'US', continent: 'North America', postal: '303##', landline: ['404', '678'], weight: 3 },
  { city: 'Los Angeles', region: 'California', country: 'United States', countryCode: 'US', continent: 'North America', postal: '900##', landline: ['213', '310', '323'], weight: 6 },
  { city: 'Toronto', region: 'Ontario', country: 'Canada', countryCode: 'CA', continent: 'North America', postal: 'M5V #?#', landline: ['416', '647'], weight: 4 },
  { city: 'Vancouver', region: 'British Columbia', country: 'Canada', countryCode: 'CA', continent: 'North America', postal: 'V6B #?#', landline: ['604', '778'], weight: 2 },
  { city: 'London', region: 'England', country: 'United Kingdom', countryCode: 'GB', continent: 'Europe', postal: 'EC#? #??', landline: ['203', '207'], weight: 9 },
  { city: 'Manchester', region: 'England', country: 'United Kingdom', countryCode: 'GB', continent: 'Europe', postal: 'M# #??', landline: ['161'], weight: 2 },
  { city: 'Berlin', region: 'Berlin', country: 'Germany', countryCode: 'DE', continent: 'Europe', postal: '10###', landline: ['30'], weight: 4 },
  { city: 'Munich', region: 'Bavaria', country: 'Germany', countryCode: 'DE', continent: 'Europe', postal: '80###', landline: ['89'], weight: 3 },
  { city: 'Paris', region: 'Île-de-France', country: 'France', countryCode: 'FR', continent: 'Europe', postal: '750##', landline: ['1'], weight: 4 },
  { city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'France', countryCode: 'FR', continent: 'Europe', postal: '6900#', landline: ['4'], weight: 1 },
  { city: 'Amsterdam', region: 'North Holland', country: 'Netherlands', countryCode: 'NL', continent: 'Europe', postal: '10## ??', landline: ['20'], weight: 3 },
  { city: 'Madrid', region: 'Community of Madrid', country: 'Spain', countryCode: 'ES', continent: 'Europe', postal: '280##', landline: ['91'], weight: 2 },
  { city: 'Barcelona', region: 'Catalonia', country: 'Spain', countryCode: 'ES', continent: 'Europe', postal: '080##', landline: ['93'], weight: 2 },
  { city: 'Dublin', region: 'Leinster', country: 'Ireland', countryCode: 'IE', continent: 'Europe', postal: 'D0# ?#?#', landline: ['1'], weight: 2 },
  { city: 'Stockholm', region: 'Stockholm County', country: 'Sweden', countryCode: 'SE', continent: 'Europe', postal: '11# ##', landline: ['8'], weight: 2 },
  { city: 'Sydney', region: 'New South Wales', country: 'Australia', countryCode: 'AU', continent: 'Oceania', postal: '2000', landline: ['2'], weight: 3 },
  { city: 'Melbourne', region: 'Victoria', country: 'Australia', countryCode: 'AU', continent: 'Oceania', postal: '3000', landline: ['3'], weight: 2 },
  { city: 'Singapore', region: 'Singapore', country: 'Singapore', countryCode: 'SG', continent: 'Asia', postal: '0#####', landline: ['6'], weight: 2 },
  { city: 'Bengaluru', region: 'Karnataka', country: 'India', countryCode: 'IN', continent: 'Asia', postal: '5600##', landline: ['80'], weight: 3 },
];

/** Mobile number prefixes (national significant number) per country. US/CA mobiles share landline area codes. */
export const MOBILE_PREFIXES: Record<Place['countryCode'], string[]> = {
  US: [],
  CA: [],
  GB: ['74', '75', '77', '78', '79'],
  DE: ['151', '152', '160', '170', '171', '172', '176'],
  FR: ['6', '7'],
  NL: ['6'],
  ES: ['6'],
  AU: ['4'],
  IE: ['83', '85', '86', '87'],
  SE: ['70', '72', '73', '76'],
  SG: ['8', '9'],
  IN: ['98', '99', '97', '90'],
};

/** Length of the national significant number per country (DE landlines vary; libphonenumber decides). */
export const NSN_LENGTH: Record<Place['countryCode'], { landline: number; mobile: number }> = {
  US: { landline: 10, mobile: 10 },
  CA: { landline: 10, mobile: 10 },
  GB: { landline: 10, mobile: 10 },
  DE: { landline: 10, mobile: 11 },
  FR: { landline: 9, mobile: 9 },
  NL: { landline: 9, mobile: 9 },
  ES: { landline: 9, mobile: 9 },
  AU: { landline: 9, mobile: 9 },
  IE: { landline: 8, mobile: 9 },
  SE: { landline: 9, mobile: 9 },
  SG: { landline: 8, mobile: 8 },
  IN: { landline: 10, mobile: 10 },
};

export const LOCAL_LANGUAGE: Record<Place['countryCode'], string | undefined> = {
  US: undefined,
  CA: 'French',
  GB: undefined,
  DE: 'German',
  FR: 'French',
  NL: 'Dutch',
  ES: 'Spanish',
  AU: undefined,
  IE: 'Irish',
  SE: 'Swedish',
  SG: 'Mandarin',
  IN: 'Hindi',
};

/** Company domain suffixes used per country (plus `.com` / `.io` everywhere). */
export const COUNTRY_TLDS: Record<Place['countryCode'], string[]> = {
  US: ['com'],
  CA: ['ca'],
  GB: ['co.uk'],
  DE: ['de'],
  FR: ['fr'],
  NL: ['nl'],
  ES: ['es'],
  AU: ['com.au'],
  IE: ['ie'],
  SE: ['se'],
  SG: ['com.sg'],
  IN: ['in', 'co.in'],
};
