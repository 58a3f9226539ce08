import type { Locale } from './messages/index.ts';
import { FUEL_HOLD_ORE, kroner } from './money.ts';

/**
 * The built-in terms, terms of purchase and privacy pages (spec §2: they open in the in-app
 * browser). An operator replaces them with pages of its own through configuration; until then
 * these stand, filled in with the company's details.
 */
export const legalPages = ['terms', 'purchase-terms', 'privacy'] as const;
export type LegalPage = (typeof legalPages)[number];

export interface LegalText {
  title: string;
  intro: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

/** What the texts are filled in with: the company from configuration. */
export interface LegalCompany {
  name: string;
  legalName: string;
  address: string;
  phone: string;
  email: string;
  vatNumber: string;
}

const TEXTS: Record<LegalPage, Record<Locale, LegalText>> = {
  terms: {
    fo: {
      title: 'Nýtslutreytir',
      intro:
        'Hesar treytir galda, tá ið tú brúkar {{name}}-appina. Appin verður rikin av {{legalName}}.',
      sections: [
        {
          heading: 'Tín konta',
          paragraphs: [
            'Tú hevur ábyrgd av, at upplýsingarnar á kontuni eru rættar, og at loyniorðið verður hildið loyniligt.',
            'Boða okkum frá beinanvegin, um tú heldur, at onkur annar hevur fingið atgongd til kontuna.',
          ],
        },
        {
          heading: 'Nýtsla av appini',
          paragraphs: [
            'Í appini kanst tú tanka, vaska bilin, lada elbilin, bíleggja mat og rinda fyri tænastur á okkara støðum.',
            'Tú mást ikki misbrúka appina ella royna at fáa atgongd til annað enn tína egnu kontu.',
          ],
        },
        {
          heading: 'Broytingar',
          paragraphs: [
            'Vit kunnu broyta hesar treytir. Vit boða frá í appini, áðrenn týðandi broytingar fáa gildi.',
            'Tú kanst til eina og hvørja tíð strika kontuna í appini.',
          ],
        },
      ],
    },
    en: {
      title: 'Terms of use',
      intro: 'These terms apply when you use the {{name}} app. The app is run by {{legalName}}.',
      sections: [
        {
          heading: 'Your account',
          paragraphs: [
            'You are responsible for keeping the details on your account correct and your password secret.',
            'Tell us at once if you think someone else has gained access to your account.',
          ],
        },
        {
          heading: 'Using the app',
          paragraphs: [
            'In the app you can refuel, wash your car, charge your electric car, order food and pay for services at our stations.',
            'You must not misuse the app or try to reach anything but your own account.',
          ],
        },
        {
          heading: 'Changes',
          paragraphs: [
            'We may change these terms. We tell you in the app before important changes take effect.',
            'You can delete your account in the app at any time.',
          ],
        },
      ],
    },
  },
  'purchase-terms': {
    fo: {
      title: 'Keypstreytir',
      intro:
        'Hesar treytir galda fyri keyp, sum tú gert í {{name}}-appini. Seljari er {{legalName}}, {{address}}, {{vatNumber}}.',
      sections: [
        {
          heading: 'Prísir og gjald',
          paragraphs: [
            'Allir prísir eru í donskum krónum, MVG (25%) íroknað.',
            'Tú rindar við gjaldháttinum, sum tú velur í appini: einum gjaldskorti, kortinum hjá {{name}} ella eini gjaldsavtalu.',
          ],
        },
        {
          heading: 'Tanking, bilvask og lading',
          paragraphs: [
            `Áðrenn tú byrjar at tanka, mugu ${kroner(FUEL_HOLD_ORE)} kr. vera tøk á gjaldskortinum. Tú rindar bert fyri tað, tú keypir.`,
          ],
        },
        {
          heading: 'Kvittanir',
          paragraphs: [
            'Kvittanir verða goymdar á tínum brúkara í appini, har tú kanst síggja tær og taka tær niður sum PDF.',
          ],
        },
        {
          heading: 'Hald',
          paragraphs: [
            'Eitt hald verður endurnýggjað av sær sjálvum hvønn mánað ella hvørt ár, til tú sigur tað upp.',
            'Sigur tú haldið upp, kanst tú brúka tað til endan á tíðarskeiðinum, sum er goldið.',
          ],
        },
        {
          heading: 'Gávukort og virðisskjøl',
          paragraphs: [
            'Gávukort og virðisskjøl kunnu innloysast eina ferð og galda til dagin, sum stendur á teimum. Tey kunnu ikki skiftast um í pengar.',
          ],
        },
        {
          heading: 'Spurningar og klagur',
          paragraphs: [
            'Skriva til {{email}} ella ring á {{phone}}, um okkurt er skeivt við einum keypi.',
          ],
        },
      ],
    },
    en: {
      title: 'Terms of purchase',
      intro:
        'These terms apply to purchases you make in the {{name}} app. The seller is {{legalName}}, {{address}}, {{vatNumber}}.',
      sections: [
        {
          heading: 'Prices and payment',
          paragraphs: [
            'All prices are in Danish kroner and include VAT (25%).',
            'You pay with the payment method you choose in the app: a payment card, the {{name}} card or a payment agreement.',
          ],
        },
        {
          heading: 'Fuel, car wash and charging',
          paragraphs: [
            `Before you start refuelling, ${kroner(FUEL_HOLD_ORE)} kroner must be available on the payment card. You pay only for what you buy.`,
          ],
        },
        {
          heading: 'Receipts',
          paragraphs: [
            'Receipts are kept on your account in the app, where you can view them and download them as PDF.',
          ],
        },
        {
          heading: 'Subscriptions',
          paragraphs: [
            'A subscription renews by itself every month or every year until you cancel it.',
            'If you cancel a subscription, you can use it until the end of the period you have paid for.',
          ],
        },
        {
          heading: 'Gift cards and vouchers',
          paragraphs: [
            'Gift cards and vouchers can be redeemed once and are valid until the date they show. They cannot be exchanged for cash.',
          ],
        },
        {
          heading: 'Questions and complaints',
          paragraphs: [
            'Write to {{email}} or call {{phone}} if something is wrong with a purchase.',
          ],
        },
      ],
    },
  },
  privacy: {
    fo: {
      title: 'Privatlívspolitikkur',
      intro:
        '{{legalName}} hevur ábyrgd av persónupplýsingunum, sum verða viðgjørdar, tá ið tú brúkar {{name}}-appina.',
      sections: [
        {
          heading: 'Hvat vit goyma',
          paragraphs: [
            'Navn, bústað, teldubústað og telefonnummar, sum tú gevur okkum, tá ið tú stovnar kontu; kvittanir fyri tíni keyp; og kortini, sum tú hevur lagt afturat.',
            'Kortnummur verða ikki goymd hjá okkum, bert ein lykil frá gjaldsveitaranum og tey seinastu fýra tølini.',
          ],
        },
        {
          heading: 'Hví vit goyma tað',
          paragraphs: [
            'Vit nýta upplýsingarnar til at veita tær tænasturnar í appini, til at taka ímóti gjaldi og til at føra roknskap, sum lógin krevur.',
          ],
        },
        {
          heading: 'Hvussu leingi',
          paragraphs: [
            'Strikar tú kontuna, verða tínar persónupplýsingar strikaðar. Kvittanir verða goymdar, so leingi sum lógin um bókhald krevur.',
          ],
        },
        {
          heading: 'Tíni rættindi',
          paragraphs: [
            'Tú kanst biðja um at síggja, rætta ella strika tínar upplýsingar. Skriva til {{email}}.',
            'Tú kanst eisini klaga til Dátueftirlitið.',
          ],
        },
      ],
    },
    en: {
      title: 'Privacy policy',
      intro:
        '{{legalName}} is responsible for the personal data processed when you use the {{name}} app.',
      sections: [
        {
          heading: 'What we keep',
          paragraphs: [
            'The name, address, e-mail address and phone number you give us when you create an account; receipts for your purchases; and the cards you have added.',
            'We do not store card numbers, only a token from the payment provider and the last four digits.',
          ],
        },
        {
          heading: 'Why we keep it',
          paragraphs: [
            'We use the data to provide the services in the app, to take payments and to keep the accounts the law requires.',
          ],
        },
        {
          heading: 'How long',
          paragraphs: [
            'If you delete your account, your personal data is deleted. Receipts are kept as long as the bookkeeping law requires.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            'You can ask to see, correct or delete your data. Write to {{email}}.',
            'You can also complain to the Faroese Data Protection Agency (Dátueftirlitið).',
          ],
        },
      ],
    },
  },
};

const fill = (text: string, company: LegalCompany) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(company, name) ? company[name as keyof LegalCompany] : whole,
  );

/** A legal page's text in a language, with the company's details filled in. */
export function legalText(page: LegalPage, locale: Locale, company: LegalCompany): LegalText {
  const text = TEXTS[page][locale];
  return {
    title: text.title,
    intro: fill(text.intro, company),
    sections: text.sections.map((section) => ({
      heading: section.heading,
      paragraphs: section.paragraphs.map((p) => fill(p, company)),
    })),
  };
}

/** The raw texts, for the test that both languages say as much. */
export const legalTexts: Readonly<typeof TEXTS> = TEXTS;
