// Phone normalisation (E.164) with libphonenumber-js. Runs where its metadata may live: the
// background service worker and the CLI, never the content script.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { MAX_CANDIDATE_LENGTH } from './phone-candidates';

/**
 * `+1 (415) 555-0142` → `+14155550142`. Only international numbers (leading `+`, or `00`): a
 * national number's country would be a guess, and a wrong guess costs precision.
 */
export function normalisePhone(raw: string): string | null {
  let s = raw.trim();
  if (s.length === 0 || s.length > MAX_CANDIDATE_LENGTH) return null;
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (!s.startsWith('+')) return null;
  const number = parsePhoneNumberFromString(s);
  return number?.isValid() === true ? number.number : null;
}
