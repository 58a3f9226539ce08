import type { Locale } from '@stod/domain';

/** The texts of the mails the sign-in area sends, in the user's language. */
export const emailTexts = {
  passwordReset(locale: Locale, link: string) {
    return locale === 'en'
      ? {
          subject: 'Reset your password',
          text: `Open this link within an hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail.`,
        }
      : {
          subject: 'Nýtt loyniorð',
          text: `Trýst á leinkjuna innan ein tíma fyri at velja eitt nýtt loyniorð:\n\n${link}\n\nHevur tú ikki biðið um hetta, kanst tú síggja burtur frá hesum teldubrævinum.`,
        };
  },
};
