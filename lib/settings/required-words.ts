/** The fields a match may be required to have (the spec's `required` values), in the options form's words. */
import { t } from '../i18n/t';
import type { RequiredField } from './schema';

/** Getters: read in the UI language when shown. Key order is the form's order. */
export const REQUIRED_FIELD_LABELS: Readonly<Record<RequiredField, string>> = {
  get email() { return t('options_required_email'); },
  get work_email() { return t('options_required_work_email'); },
  get any_work_email() { return t('options_required_any_work_email'); },
  get personal_email() { return t('options_required_personal_email'); },
  get phone() { return t('options_required_phone'); },
  get email_or_phone() { return t('options_required_email_or_phone'); },
  get social_profile() { return t('options_required_social_profile'); },
};
