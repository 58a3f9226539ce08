import { translateServer, type Locale } from '@stod/domain';

/** The mails the sign-in area sends, in the user's language; the texts live in the domain. */
export const emailTexts = {
  passwordReset(locale: Locale, link: string) {
    return {
      subject: translateServer('mail.passwordReset.subject', locale),
      text: translateServer('mail.passwordReset.text', locale, { link }),
    };
  },
  staffInvitation(locale: Locale, values: { name: string; link: string; console: string }) {
    return {
      subject: translateServer('mail.staffInvitation.subject', locale),
      text: translateServer('mail.staffInvitation.text', locale, values),
    };
  },
};
