import type { Locale } from '@stod/domain';

/** The texts of the mails the account area sends, in the user's language. */
export const emailTexts = {
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
