import { translateServer, type Locale } from '@stod/domain';

/** The mails the account area sends, in the user's language; the texts live in the domain. */
export const emailTexts = {
  emailChangeCode(locale: Locale, code: string) {
    return {
      subject: translateServer('mail.emailChange.subject', locale, { code }),
      text: translateServer('mail.emailChange.text', locale, { code }),
    };
  },
};
