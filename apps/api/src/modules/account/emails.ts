import type { Locale } from '@stod/domain';

/** The texts of the mails the account area sends, in the user's language. */
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
  emailChangeCode(locale: Locale, code: string) {
    return locale === 'en'
      ? {
          subject: `Your code: ${code}`,
          text: `Enter this code in the app to confirm your new e-mail address:\n\n${code}\n\nThe code is valid for 15 minutes.`,
        }
      : {
          subject: `Tín kota: ${code}`,
          text: `Skriva hesa kotuna í appini fyri at vátta nýggja teldubústaðin:\n\n${code}\n\nKotan er galdandi í 15 minuttir.`,
        };
  },
};
