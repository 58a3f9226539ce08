import type { serverFo } from './server.fo.ts';

export const serverEn: Record<keyof typeof serverFo, string> = {
  'mail.passwordReset.subject': 'Reset your password',
  'mail.passwordReset.text':
    'Open this link within an hour to choose a new password:\n\n{{link}}\n\nIf you did not ask for this, you can ignore this e-mail.',
  'mail.emailChange.subject': 'Your code: {{code}}',
  'mail.emailChange.text':
    'Enter this code in the app to confirm your new e-mail address:\n\n{{code}}\n\nThe code is valid for 15 minutes.',
  'mail.renewalFailed.subject': 'We could not renew {{plan}}',
  'mail.renewalFailed.text':
    'The payment for {{plan}} was refused, so it will not renew. It stays usable until {{date}}; after that you can subscribe again in the app with a card that works.',
  'mail.fuelReceipt.subject': 'Your refuelling receipt from {{station}}',
  'mail.fuelReceipt.text':
    'The connection to the pump was lost while you refuelled, but the refuelling has now finished. You filled {{litres}} l of {{product}} for {{amount}}. The receipt is in the app under Receipts.',
  'legal.otherLanguage': 'Á føroyskum',
  'legal.contact': 'Questions? Write to {{email}} or call {{phone}}.',
  'legal.more': 'Other terms',
  'gateway.title': '{{brand}} Pay',
  'gateway.simulator': 'Card payment simulator.',
  'gateway.testCards': '{{good}} works; {{declined}} is declined.',
  'gateway.cardNumber': 'Card number',
  'gateway.month': 'Month',
  'gateway.year': 'Year',
  'gateway.cvc': 'CVC',
  'gateway.save': 'Save card',
  'gateway.cancel': 'Cancel',
  'gateway.inactive': 'This page is no longer active.',
  'gateway.cancelled': 'You cancelled. No card was saved.',
  'gateway.backToApp': 'Back to the app',
  'gateway.notFound': 'Page not found.',
  'identitySim.title': 'Digital identity',
  'identitySim.simulator': 'Identity simulator.',
  'identitySim.choose': 'Choose a test person.',
  'identitySim.cancel': 'Cancel',
  'cardIssuerSim.code': 'Your code for the card •••• {{last4}} is {{code}}.',
};
